import type { ComponentProps } from 'react';
import { Link } from 'shared-contracts/react';
import { buttonClassName, cx } from 'shared-contracts/ui';

/** A router link that looks like the kit's Button: 'Go to your dashboard', 'Open store page'. */
export function ButtonLink({
  variant = 'secondary',
  className,
  ...props
}: ComponentProps<typeof Link> & { variant?: 'primary' | 'secondary' }) {
  return <Link {...props} className={cx(buttonClassName({ variant }), className)} />;
}
