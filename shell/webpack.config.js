const path = require('node:path');
const { createAppConfig } = require('../tools/webpack-app');
const apps = require('../tools/apps');

module.exports = createAppConfig({
  dir: __dirname,
  name: apps.shell.name,
  kind: 'host',
  devPort: apps.shell.devPort,
  devRemotes: apps.remotes,
  remotePages: path.join(__dirname, 'src/app/remote-pages.json'),
});
