import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AuthModalHost } from './features/auth/auth-modal-host';
import { Footer } from './components/footer';
import { RequireAuth } from './components/require-auth';
import { hidesFooter, hidesTopNav } from './components/routing';
import { ScrollManager } from './components/scroll-manager';
import { Spinner } from './components/spinner';
import { TopNav } from './components/top-nav';

/**
 * A lazily loaded named export: each area's module becomes its own chunk, loaded together with the Query client
 * (query.tsx) that wraps it. The server names the chunks of the page it serves in <link rel="modulepreload">, so
 * they download beside the entry rather than after it.
 */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const [mod, { withQuery }] = await Promise.all([load(), import('./query')]);
    return { default: withQuery(mod[name] as ComponentType) };
  });
}

const LandingPage = lazy(async () => ({ default: (await import('./routes/landing')).LandingPage }));

const account = () => import('./routes/account');
const AccountLayout = lazyNamed(account, 'AccountLayout');
const Dashboard = lazyNamed(account, 'DashboardPage');
const Shortcuts = lazyNamed(account, 'ShortcutsPage');
const Settings = lazyNamed(account, 'SettingsPage');
const Billing = lazyNamed(() => import('./routes/billing'), 'BillingPage');
const VerifyEmail = lazyNamed(() => import('./routes/verify-email'), 'VerifyEmailPage');
const ResetPassword = lazyNamed(() => import('./routes/reset-password'), 'ResetPasswordPage');
const DevMailbox = lazyNamed(() => import('./routes/dev-mailbox'), 'DevMailboxPage');
// One chunk per public page, so each loads only its own code (the post's sanitiser is not on the list, the
// contact form's validation is not on the policies); server/plugins/client-preload.ts names them per path.
const BlogList = lazyNamed(() => import('./routes/blog/list'), 'BlogListPage');
const BlogPost = lazyNamed(() => import('./routes/blog/post'), 'BlogPostPage');
const Privacy = lazyNamed(() => import('./routes/static/privacy-policy'), 'PrivacyPolicyPage');
const terms = () => import('./routes/static/terms');
const TermsOfService = lazyNamed(terms, 'TermsOfServicePage');
const TermsConditions = lazyNamed(terms, 'TermsConditionsPage');
const Refund = lazyNamed(() => import('./routes/static/refund-policy'), 'RefundPolicyPage');
const Contact = lazyNamed(() => import('./routes/static/contact'), 'ContactPage');
const admin = () => import('./routes/admin');
const AdminLogin = lazyNamed(admin, 'AdminLoginPage');
const AdminDashboard = lazyNamed(admin, 'AdminDashboardPage');
const AdminPostForm = lazyNamed(admin, 'AdminPostFormPage');
const AdminMessages = lazyNamed(admin, 'AdminMessagesPage');

/** The signed-in area: the guard, then the account layout with its navigation around each page. */
const signedInLayout = (
  <RequireAuth>
    <AccountLayout />
  </RequireAuth>
);

export function App() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollManager />
      {!hidesTopNav(pathname) && <TopNav />}
      <div className="flex-1">
        {/* A full screen high, so the footer below stays out of view until the page comes (no layout shift). */}
        <Suspense fallback={<Spinner className="min-h-screen" />}>
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path="/verify-email" element={<VerifyEmail />} />
            <Route path="/reset-password" element={<ResetPassword />} />
            <Route element={signedInLayout}>
              <Route path="/dashboard" element={<Dashboard />} />
              <Route path="/shortcuts" element={<Shortcuts />} />
              <Route path="/billing" element={<Billing />} />
              <Route path="/settings" element={<Settings />} />
            </Route>
            <Route path="/dev/mailbox" element={<DevMailbox />} />
            <Route path="/blog" element={<BlogList />} />
            <Route path="/blog/:slug" element={<BlogPost />} />
            <Route path="/privacy-policy" element={<Privacy />} />
            <Route path="/terms-of-service" element={<TermsOfService />} />
            <Route path="/refund-policy" element={<Refund />} />
            <Route path="/terms-conditions" element={<TermsConditions />} />
            <Route path="/contact-us" element={<Contact />} />
            <Route path="/admin/login" element={<AdminLogin />} />
            <Route path="/admin/dashboard" element={<AdminDashboard />} />
            <Route path="/admin/new-post" element={<AdminPostForm />} />
            <Route path="/admin/edit-post/:id" element={<AdminPostForm />} />
            <Route path="/admin/messages" element={<AdminMessages />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </div>
      {!hidesFooter(pathname) && <Footer />}
      <AuthModalHost />
    </div>
  );
}
