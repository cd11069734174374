const { createAppConfig } = require('../tools/webpack-app');
const apps = require('../tools/apps');

const app = apps.remotes.find((r) => r.folder === 'mf-admin');

module.exports = createAppConfig({
  dir: __dirname,
  name: app.name,
  kind: 'remote',
  devPort: app.devPort,
  mountPath: app.mountPath,
  exposes: {
    './AdminDashboardPage': './src/exposed/AdminDashboardPage.tsx',
    './AdminUsersPage': './src/exposed/AdminUsersPage.tsx',
    './AdminStoresPage': './src/exposed/AdminStoresPage.tsx',
    './AdminAnalyticsPage': './src/exposed/AdminAnalyticsPage.tsx',
    './AdminDeploymentsPage': './src/exposed/AdminDeploymentsPage.tsx',
    './AdminModerationPage': './src/exposed/AdminModerationPage.tsx',
  },
});
