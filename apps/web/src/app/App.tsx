import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { Loading } from '../components/Loading.tsx';
import { loadDesigner } from '../features/designer/preload.ts';
import { aroundNav } from '../lib/leave-guard.ts';
import { Layout } from './Layout.tsx';
import { queryClient } from './query-client.ts';

// Every page is its own chunk: the first load carries the shell and the page it lands on, nothing else.
const SignIn = lazy(() => import('../features/auth/routes/SignIn.tsx'));
const SetUp = lazy(() => import('../features/auth/routes/SetUp.tsx'));
const Sessions = lazy(() => import('../features/sessions/routes/Sessions.tsx'));
const Templates = lazy(() => import('../features/templates/routes/Templates.tsx'));
const Designer = lazy(loadDesigner);
const SendTemplate = lazy(() => import('../features/sending/routes/SendTemplate.tsx'));
const BulkSend = lazy(() => import('../features/bulk/routes/BulkSend.tsx'));
const Reports = lazy(() => import('../features/reports/routes/Reports.tsx'));
const SendDocuments = lazy(() => import('../features/sending/routes/SendDocuments.tsx'));
const Integration = lazy(() => import('../features/integration/routes/Integration.tsx'));
const Drive = lazy(() => import('../features/drive/routes/Drive.tsx'));
const Webhooks = lazy(() => import('../features/webhooks/routes/Webhooks.tsx'));
const Settings = lazy(() => import('../features/settings/routes/Settings.tsx'));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router base="/app" aroundNav={aroundNav}>
        <Suspense fallback={<Loading />}>
          <Switch>
            <Route path="/sign-in" component={SignIn} />
            <Route path="/setup" component={SetUp} />
            <Route>
              <Layout>
                <Suspense fallback={<Loading />}>
                  <Switch>
                    <Route path="/">
                      <Redirect to="/sessions" replace />
                    </Route>
                    <Route path="/sessions" component={Sessions} />
                    <Route path="/sessions/:sessionId" component={Sessions} />
                    <Route path="/send" component={SendDocuments} />
                    <Route path="/templates" component={Templates} />
                    <Route path="/templates/:templateId/send" component={SendTemplate} />
                    <Route path="/templates/:templateId/bulk" component={BulkSend} />
                    <Route path="/templates/:templateId" component={Designer} />
                    <Route path="/integration" component={Integration} />
                    <Route path="/drive" component={Drive} />
                    <Route path="/webhooks" component={Webhooks} />
                    <Route path="/reports" component={Reports} />
                    <Route path="/settings" component={Settings} />
                    <Route>
                      <main className="page" id="main">
                        <h1>Not found</h1>
                        <p>There is no page at this address.</p>
                      </main>
                    </Route>
                  </Switch>
                </Suspense>
              </Layout>
            </Route>
          </Switch>
        </Suspense>
      </Router>
    </QueryClientProvider>
  );
}
