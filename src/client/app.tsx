import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AuthModalHost } from './features/auth/auth-modal-host';
import { Footer } from './components/footer';
import { RequireAuth } from './components/require-auth';
import { hidesFooter, hidesTopNav } from './components/routing';
import { ScrollManager } from './components/scroll-manager';
import { Spinner } from './components/spinner';
import { TopNav } from './components/top-nav';
import { LandingPage } from './routes/landing';

/** A lazily loaded named export: each area's module becomes its own chunk. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const account = () => import('./routes/account');
const AccountLayout = lazyNamed(account, 'AccountLayout');
const Dashboard = lazyNamed(account, 'DashboardPage');
const Shortcuts = lazyNamed(account, 'ShortcutsPage');
const Settings = lazyNamed(account, 'SettingsPage');
const Billing = lazyNamed(() => import('./routes/billing'), 'BillingPage');
const VerifyEmail = lazyNamed(() => import('./routes/verify-email'), 'VerifyEmailPage');
const ResetPassword = lazyNamed(() => import('./routes/reset-password'), 'ResetPasswordPage');
const DevMailbox = lazyNamed(() => import('./routes/dev-mailbox'), 'DevMailboxPage');
const blog = () => import('./routes/blog');
const BlogList = lazyNamed(blog, 'BlogListPage');
const BlogPost = lazyNamed(blog, 'BlogPostPage');
const pages = () => import('./routes/static');
const Privacy = lazyNamed(pages, 'PrivacyPolicyPage');
const TermsOfService = lazyNamed(pages, 'TermsOfServicePage');
const TermsConditions = lazyNamed(pages, 'TermsConditionsPage');
const Refund = lazyNamed(pages, 'RefundPolicyPage');
const Contact = lazyNamed(pages, 'ContactPage');
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
        <Suspense fallback={<Spinner className="min-h-[60vh]" />}>
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
