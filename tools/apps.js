// The remote apps: their Module Federation names, where the site serves them and their dev ports.
// The shell's remotes.json, its dev proxy and the API's static serving all follow this list.
module.exports = {
  shell: { name: 'shell', devPort: 3100 },
  remotes: [
    { key: 'auth', folder: 'mf-auth', name: 'mf_auth', mountPath: '/mf/auth/', devPort: 3101 },
    { key: 'stores', folder: 'mf-stores', name: 'mf_stores', mountPath: '/mf/stores/', devPort: 3102 },
    { key: 'admin', folder: 'mf-admin', name: 'mf_admin', mountPath: '/mf/admin/', devPort: 3103 },
    { key: 'owner', folder: 'mf-owner', name: 'mf_owner', mountPath: '/mf/owner/', devPort: 3104 },
    { key: 'customer', folder: 'mf-customer', name: 'mf_customer', mountPath: '/mf/customer/', devPort: 3105 },
  ],
};
