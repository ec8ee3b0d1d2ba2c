export { apiCall, routeRef, ApiError, isApiError, NETWORK_ERROR, UNAUTHORIZED_EVENT } from './client';
export type { RouteRef, CallOptions, ValueOf } from './client';
export { getToken, setToken, hasToken, clearSession, pickUpToken } from './session';
