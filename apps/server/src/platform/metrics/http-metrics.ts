import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  preSerializationHookHandler,
  RouteOptions,
} from 'fastify';
import { VENDOR_ERROR_STATUS, vendorCallbacks } from '@banca/contract';
import { HotCounter, HotHistogram, type CounterSeries, type HistogramSeries } from './hot-metrics.ts';

/*
 * Request and vendor-call metrics, hooked onto each route as it is registered (onRoute), so a request
 * pays one closure call with its series already found: no route lookup, no label object, no promise
 * (hot-metrics.ts says why these series are not prom-client's).
 * Labels are the route's pattern as registered (`/wps/deposit/:depositId`, `/*`), the method and the
 * status class; never the raw URL, a parameter value, a query, a header or anything about the member.
 * Requests that match no route share one series, route="unmatched".
 */

/** Seconds; from sub-millisecond cached reads to the multi-second worst cases worth an alert. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const UNMATCHED_ROUTE = 'unmatched';

/** Status class label by hundreds; index 0 for anything outside 100-599. */
const STATUS_CLASSES = ['other', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;
const statusClassIndex = (status: number): number => (status >= 100 && status < 600 ? (status / 100) | 0 : 0);

type RequestLabels = 'method' | 'route' | 'status_class';

/** One route's series: per method (a bounded set, llhttp refuses unknown ones), per status class. */
class RouteSeries {
  private readonly byMethod = new Map<string, (HistogramSeries | undefined)[]>();
  constructor(
    private readonly histogram: HotHistogram<RequestLabels>,
    private readonly route: string,
  ) {}

  observe(method: string, status: number, seconds: number): void {
    let classes = this.byMethod.get(method);
    if (!classes) {
      classes = new Array<HistogramSeries | undefined>(STATUS_CLASSES.length);
      this.byMethod.set(method, classes);
    }
    const index = statusClassIndex(status);
    let series = classes[index];
    if (!series) {
      series = this.histogram.child({ method, route: this.route, status_class: STATUS_CLASSES[index]! });
      classes[index] = series;
    }
    series.observe(seconds);
  }
}

/** A hook of a route's options (absent, one, or a list) with one more appended. */
function appended<H>(existing: H | H[] | undefined, hook: H): H[] {
  if (existing === undefined) return [hook];
  return Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

/** The vendor wallet API's routes by path: their call id (`vendor.debit`) labels the outcome. */
const VENDOR_CALL_BY_PATH = new Map<string, string>(
  Object.values(vendorCallbacks).map((def) => [def.path, def.id]),
);
/** Every status a vendor answer can carry; anything else is counted as `other`. */
const VENDOR_CODES: ReadonlySet<string> = new Set(['OK', ...Object.keys(VENDOR_ERROR_STATUS)]);

/**
 * Vendor money-call outcomes: per vendor (the caller the signature proved; `unverified` when the
 * call was refused before that, since an unproved header must not mint label values), call and
 * answered status. Read from the answer object before it is serialised, so the vendor wallet's own
 * code stays unaware of metrics.
 */
function vendorOutcomeHook(counter: HotCounter<'vendor' | 'call' | 'code'>, call: string) {
  const children = new Map<string, Map<string, CounterSeries>>();
  const hook: preSerializationHookHandler<unknown> = (request, _reply, payload, done) => {
    const vendor = request.callbackCaller ?? 'unverified';
    const status = (payload as { status?: unknown } | null)?.status;
    const code = typeof status === 'string' && VENDOR_CODES.has(status) ? status : 'other';
    let byCode = children.get(vendor);
    if (!byCode) {
      byCode = new Map();
      children.set(vendor, byCode);
    }
    let child = byCode.get(code);
    if (!child) {
      child = counter.child({ vendor, call, code });
      byCode.set(code, child);
    }
    child.inc();
    done(null, payload);
  };
  return hook;
}

/**
 * Installs the request histogram and the vendor-call counter on `app`; render() is their part of a
 * scrape. Must run before any route is registered: a route added earlier is not hooked, so not counted.
 */
export function installHttpMetrics(app: FastifyInstance): { render(): string } {
  const histogram = new HotHistogram<RequestLabels>(
    'banca_http_request_duration_seconds',
    'HTTP requests by route pattern, method and status class: time from arrival to the last byte sent',
    ['method', 'route', 'status_class'],
    DURATION_BUCKETS,
  );
  const vendorCalls = new HotCounter(
    'banca_vendor_calls_total',
    'Vendor wallet API calls by vendor, call and answered status (OK or the refusal code)',
    ['vendor', 'call', 'code'],
  );

  const seriesOf = new Map<string, RouteSeries>();
  const series = (route: string): RouteSeries => {
    let found = seriesOf.get(route);
    if (!found) {
      found = new RouteSeries(histogram, route);
      seriesOf.set(route, found);
    }
    return found;
  };

  app.addHook('onRoute', (routeOptions: RouteOptions) => {
    const routeSeries = series(routeOptions.url);
    const observe: onResponseHookHandler = (request, reply, done) => {
      routeSeries.observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    routeOptions.onResponse = appended(routeOptions.onResponse, observe);
    const vendorCall = VENDOR_CALL_BY_PATH.get(routeOptions.url);
    if (vendorCall !== undefined) {
      routeOptions.preSerialization = appended(
        routeOptions.preSerialization as preSerializationHookHandler<unknown> | undefined,
        vendorOutcomeHook(vendorCalls, vendorCall),
      ) as RouteOptions['preSerialization'];
    }
  });

  // The not-found handler's requests: no route of their own, one shared series.
  const unmatched = series(UNMATCHED_ROUTE);
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (request.is404) unmatched.observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  return { render: () => histogram.render() + '\n' + vendorCalls.render() };
}
