export { apiCall, ApiError, isApiError, NETWORK_ERROR, UNAUTHORIZED_EVENT } from './client';
export type { CallOptions, ValueOf } from './client';
export { getToken, setToken, hasToken, clearSession, pickUpToken } from './session';
export { takeInlineAnswer } from './inline-answers';
