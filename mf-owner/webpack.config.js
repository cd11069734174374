const { createAppConfig } = require('../tools/webpack-app');
const apps = require('../tools/apps');

const app = apps.remotes.find((r) => r.folder === 'mf-owner');

module.exports = createAppConfig({
  dir: __dirname,
  name: app.name,
  kind: 'remote',
  devPort: app.devPort,
  mountPath: app.mountPath,
  exposes: {
    './OwnerDashboardPage': './src/exposed/OwnerDashboardPage.tsx',
  },
});
