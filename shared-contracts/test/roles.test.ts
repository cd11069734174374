import {
  ADMIN_ROLE_OPTIONS,
  DEFAULT_LOGIN_ROLE,
  LOGIN_ROLE_OPTIONS,
  ROLES,
  dashboardPathForRole,
  isRole,
  roleBadgeLabel,
  roleDisplayLabel,
} from '../src';

describe('ROLES / isRole', () => {
  it('lists exactly the three roles', () => {
    expect([...ROLES].sort()).toEqual(['normal_user', 'store_owner', 'system_admin']);
  });
  it.each(['system_admin', 'store_owner', 'normal_user'])('accepts %s', (r) => {
    expect(isRole(r)).toBe(true);
  });
  it.each([['admin'], ['SYSTEM_ADMIN'], [''], [null], [undefined], [1], [['system_admin']]])('rejects %p', (r) => {
    expect(isRole(r)).toBe(false);
  });
});

describe('roleBadgeLabel (navbar badge, spec §2)', () => {
  it('system_admin → Admin', () => expect(roleBadgeLabel('system_admin')).toBe('Admin'));
  it('store_owner → Store Owner', () => expect(roleBadgeLabel('store_owner')).toBe('Store Owner'));
  it('normal_user → User', () => expect(roleBadgeLabel('normal_user')).toBe('User'));
  it.each([['superuser'], [''], [undefined], [null], [42]])('unknown role %p → User (normal user badge)', (r) => {
    expect(roleBadgeLabel(r)).toBe('User');
  });
});

describe('roleDisplayLabel', () => {
  it('maps the three roles and falls back to Customer', () => {
    expect(roleDisplayLabel('system_admin')).toBe('System Administrator');
    expect(roleDisplayLabel('store_owner')).toBe('Store Owner');
    expect(roleDisplayLabel('normal_user')).toBe('Customer');
    expect(roleDisplayLabel('nope')).toBe('Customer');
  });
});

describe('dashboardPathForRole', () => {
  it('system_admin → /admin', () => expect(dashboardPathForRole('system_admin')).toBe('/admin'));
  it('store_owner → /store-owner', () => expect(dashboardPathForRole('store_owner')).toBe('/store-owner'));
  it('normal_user → /user-dashboard', () => expect(dashboardPathForRole('normal_user')).toBe('/user-dashboard'));
  it.each([['superuser'], [''], [undefined], [null]])('unknown role %p → /dashboard', (r) => {
    expect(dashboardPathForRole(r)).toBe('/dashboard');
  });
});

describe('LOGIN_ROLE_OPTIONS (sign-in role chooser, spec §2)', () => {
  it('offers Customer, Shopkeeper, Admin in that order with their captions', () => {
    expect(LOGIN_ROLE_OPTIONS).toEqual([
      { role: 'normal_user', label: 'Customer', caption: 'Rate and discover stores' },
      { role: 'store_owner', label: 'Shopkeeper', caption: 'Manage your store ratings' },
      { role: 'system_admin', label: 'Admin', caption: 'System management' },
    ]);
  });
  it('defaults to normal_user, the first option', () => {
    expect(DEFAULT_LOGIN_ROLE).toBe('normal_user');
    expect(LOGIN_ROLE_OPTIONS[0].role).toBe(DEFAULT_LOGIN_ROLE);
  });
});

describe('ADMIN_ROLE_OPTIONS', () => {
  it('covers every role exactly once', () => {
    expect(ADMIN_ROLE_OPTIONS.map((o) => o.role).sort()).toEqual([...ROLES].sort());
  });
});
