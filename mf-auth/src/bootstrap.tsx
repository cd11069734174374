// Runs this remote alone in development, with the stand-in shell of shared-contracts.
import { createRoot } from 'react-dom/client';
import { StandaloneHarness } from 'shared-contracts/standalone';
import LoginPage from './exposed/LoginPage';
import ForgotPasswordPage from './exposed/ForgotPasswordPage';
import ProfilePage from './exposed/ProfilePage';
import RegisterPage from './exposed/RegisterPage';
import ResetPasswordPage from './exposed/ResetPasswordPage';
import VerifyEmailPage from './exposed/VerifyEmailPage';

createRoot(document.getElementById('root')!).render(
  <StandaloneHarness
    title="mf-auth"
    basename="/mf/auth"
    pages={[
      { path: '/login', label: 'Sign in', element: <LoginPage /> },
      { path: '/register', label: 'Sign up', element: <RegisterPage /> },
      { path: '/profile', label: 'Profile', element: <ProfilePage /> },
      { path: '/forgot-password', label: 'Forgot password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', label: 'Reset password', element: <ResetPasswordPage /> },
      { path: '/verify-email', label: 'Verify email', element: <VerifyEmailPage /> },
    ]}
  />,
);
