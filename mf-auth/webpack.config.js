const { createAppConfig } = require('../tools/webpack-app');
const apps = require('../tools/apps');

const app = apps.remotes.find((r) => r.folder === 'mf-auth');

module.exports = createAppConfig({
  dir: __dirname,
  name: app.name,
  kind: 'remote',
  devPort: app.devPort,
  mountPath: app.mountPath,
  exposes: {
    './LoginPage': './src/exposed/LoginPage.tsx',
    './RegisterPage': './src/exposed/RegisterPage.tsx',
    './ProfilePage': './src/exposed/ProfilePage.tsx',
    './ForgotPasswordPage': './src/exposed/ForgotPasswordPage.tsx',
    './ResetPasswordPage': './src/exposed/ResetPasswordPage.tsx',
    './VerifyEmailPage': './src/exposed/VerifyEmailPage.tsx',
  },
});
