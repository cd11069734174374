const { createAppConfig } = require('../tools/webpack-app');
const apps = require('../tools/apps');

const app = apps.remotes.find((r) => r.folder === 'mf-customer');

module.exports = createAppConfig({
  dir: __dirname,
  name: app.name,
  kind: 'remote',
  devPort: app.devPort,
  mountPath: app.mountPath,
  exposes: {
    './CustomerDashboardPage': './src/exposed/CustomerDashboardPage.tsx',
    './MyRatingsPage': './src/exposed/MyRatingsPage.tsx',
  },
});
