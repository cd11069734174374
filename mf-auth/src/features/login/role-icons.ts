/** The kit's icon of each sign-in role (the role chooser's cards and the "Signing in as" line). */
import type { Role } from 'shared-contracts';
import type { IconName } from 'shared-contracts/ui';

export const ROLE_ICONS: Record<Role, IconName> = {
  normal_user: 'bag',
  store_owner: 'store',
  system_admin: 'shield',
};
