import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { pickUpToken } from '@/api';
import { restoreSession, showSocialReturnError } from '@/features/auth';
import { initLanguage } from '@/i18n';
import { initTheme } from '@/theme';
import { App, createQueryClient } from '@/app/App';
import { primeStartup } from '@/features/system';
import '@/theme/tokens.css';
import '@/theme/base.css';
import '@/ui/ui.css';
// Every stylesheet of the first paint, in cascade order (later files override earlier ones). Each sits
// beside the layout or feature it styles; they are imported here, not by their features, because only
// one list fixes their order.
/* eslint-disable no-restricted-imports -- stylesheets only: no feature code is reached this way */
import '@/app/layouts/shell.css';
import '@/app/layouts/header.css';
import '@/app/layouts/side-menu.css';
import '@/app/layouts/right-bar.css';
import '@/app/layouts/footer.css';
import '@/features/system/components/status-pages.css';
import '@/app/layouts/responsive.css';
import '@/app/layouts/page.css';
import '@/features/lobby/components/home.css';
import '@/features/lobby/components/game-list.css';
import '@/ui/centre.css';
import '@/ui/form/forms.css';
import '@/features/content/components/help.css';
import '@/features/agent-centre/components/agent-landing.css';
/* eslint-enable no-restricted-imports */

initTheme();
// Spec section 4: a token in the URL query is moved into session storage before anything else; with
// one, the member info loads (lazily) beside the start-up calls.
if (pickUpToken()) void restoreSession();
// Only a visit with a query can be a return from a failed social sign-in: check it then.
if (window.location.search) void showSocialReturnError();

const queryClient = createQueryClient();
// The start-up data came inlined in index.html (no call before the first paint); without it, its one
// call starts now, in parallel with loading the language.
primeStartup(queryClient);
// The remembered language's messages load before the first render (PT ships in this chunk).
void initLanguage().finally(() => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding
  // the main thread in one long task (a phone stays responsive while the shell mounts).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
});
