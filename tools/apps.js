// The remote apps: their Module Federation names, where the site serves them and their dev ports.
// The shell's remotes.json, its dev proxy and the API's static serving all follow this list.
module.exports = {
  shell: { name: 'shell', devPort: 3100 },
  remotes: [
    { key: 'auth', folder: 'mf-auth', name: 'mf_auth', mountPath: '/mf/auth/', devPort: 3101 },
    { key: 'stores', folder: 'mf-stores', name: 'mf_stores', mountPath: '/mf/stores/', devPort: 3102 },
  ],
};
