import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@/api';
import { newRequestId } from '@/lib/ids';
import { mapServerError, type MappedServerError, type ServerErrorOptions } from './server-errors';

/**
 * When an attempt is over, so that the next submission is a new attempt with a new request id:
 * - `success`: only once it succeeded; a refusal or a lost answer keeps the id, so submitting again
 *   is the same attempt (deposit: a retried charge is the charge already made);
 * - `settled`: once it succeeded or failed in any way (withdrawal, transfer to the upline: a refusal
 *   moved nothing);
 * - `definitive`: once it succeeded or the server refused it (an answer below 500); a lost answer or
 *   a server failure keeps the id, so the retry cannot buy twice (house lottery);
 * - `each`: every call is its own attempt (wallet transfers: only the API client's own retry sends
 *   one again).
 */
export type RenewRequestId = 'success' | 'settled' | 'definitive' | 'each';

export interface MoneyMutationOptions<V, R, F extends string> {
  /** Sends one attempt with its request id (the idempotency key the server dedupes on). */
  send: (values: V, requestId: string) => Promise<R>;
  renew: RenewRequestId;
  /** The form that shows a refusal (its fields or its alert); without one, onError gets the mapping. */
  form?: {
    showServerError: (error: unknown, mapping: ServerErrorOptions<F>) => MappedServerError<F>;
  };
  /** Which of the form's fields a server error may land on (mapServerError's options). */
  errors?: ServerErrorOptions<F>;
  onSuccess?: (result: R, values: V) => void;
  onError?: (error: unknown, mapped: MappedServerError<F>, values: V) => void;
}

const NO_FIELDS: ServerErrorOptions<never> = { fields: [] };

/**
 * The one money mutation: a TanStack mutation that owns the request id of the attempt in flight
 * (made on the first send of an attempt, sent again unchanged while the attempt lasts, renewed as
 * `renew` says) and turns a refusal into what the form shows (mapServerError). `newAttempt()` says
 * the member changed what they are sending (another slip, another stake): the next send gets a new
 * id.
 */
export function useMoneyMutation<V = void, R = unknown, F extends string = never>({
  send,
  renew,
  form,
  errors,
  onSuccess,
  onError,
}: MoneyMutationOptions<V, R, F>) {
  // Null until an attempt is sent: an id nobody sent needs no keeping.
  const requestId = useRef<string | null>(null);
  const newAttempt = () => {
    requestId.current = null;
  };
  const mutation = useMutation({
    mutationFn: (values: V) => {
      if (renew === 'each' || requestId.current === null) requestId.current = newRequestId();
      return send(values, requestId.current);
    },
    onSuccess: (result, values) => {
      newAttempt();
      onSuccess?.(result, values);
    },
    onError: (error, values) => {
      // The server answered (a status, below 500): it refused the attempt and moved nothing.
      const definitive = isApiError(error) && error.status > 0 && error.status < 500;
      if (renew === 'settled' || renew === 'each' || (renew === 'definitive' && definitive)) newAttempt();
      const mapping = errors ?? (NO_FIELDS as ServerErrorOptions<F>);
      const mapped = form ? form.showServerError(error, mapping) : mapServerError(error, mapping);
      onError?.(error, mapped, values);
    },
  });
  /** Sends `values` and settles when done, never rejecting: the refusal is on the form already. */
  const submit = (values: V): Promise<void> =>
    mutation.mutateAsync(values).then(
      () => undefined,
      () => undefined,
    );
  return { ...mutation, newAttempt, submit };
}
