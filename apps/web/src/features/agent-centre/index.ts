import { lazy } from 'react';
import { withMessages } from '@/i18n';

/** The agent bar: loaded with the agent layout, only when logged in. */
export const AgentHeader = lazy(withMessages(() => import('./components/AgentHeader')));
export const loadAgentLandingPage = withMessages(() => import('./components/AgentLandingPage'));
export const loadAgentCentrePage = withMessages(() => import('./components/AgentCentrePage'));
