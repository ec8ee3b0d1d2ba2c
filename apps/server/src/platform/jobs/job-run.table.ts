export interface JobRunTable {
  name: string;
  period_start: Date;
  node: string;
  started_at: Date;
  finished_at: Date | null;
  outcome: 'done' | 'failed' | null;
  /** What the job reported (e.g. rows removed) or the failure message. */
  detail: string | null;
}

export interface JobTables {
  job_run: JobRunTable;
}
