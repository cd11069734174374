/**
 * The navigation bar of a signed-in user (spec §2): brand to the role's dashboard, the role's links
 * with the active one marked, name and role badge, the dark mode toggle, a mobile menu that also
 * shows the email, Logout, and the notifications bell (beside the menu button on a phone).
 */
import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { dashboardPathForRole, roleBadgeLabel } from 'shared-contracts';
import { Link, useAuth, useLocation, useNavigate } from 'shared-contracts/react';
import { Icon } from 'shared-contracts/ui';
import { NotificationBell } from '../notifications/components/NotificationBell';
import { ThemeToggle } from '../theme/ThemeToggle';
import styles from './Navbar.module.css';
import { isActive, navLinksFor } from './nav-links';

export function Navbar() {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const barRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A route change closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  // An open menu closes on Escape (focus back on its button) and on a press anywhere outside the bar.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !barRef.current?.contains(event.target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  if (!user) return null;
  const links = navLinksFor(user.role);
  const onLogout = () => {
    // One transition for both, so the guards see the signed-out user already on /login. Apart, the
    // sign-out renders first on this page and RequireSignedIn sends the user to /login remembering
    // this page, where the next person to sign in would then be taken.
    startTransition(() => {
      logout();
      navigate('/login', { replace: true });
    });
  };

  return (
    <header className={styles.bar} ref={barRef}>
      <nav className={styles.inner} aria-label="Main">
        <Link to={dashboardPathForRole(user.role)} className={styles.brand}>
          <Icon name="star" className={styles.logo} />
          Store Ratings
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">Menu</span>
          <span aria-hidden="true" className={styles.burger} />
        </button>

        <div id={menuId} className={`${styles.menu} ${menuOpen ? styles.menuOpen : ''}`}>
          <ul className={styles.links}>
            {links.map((link) => {
              const active = isActive(link, pathname);
              return (
                <li key={link.label}>
                  <Link to={link.to} className={`${styles.link} ${active ? styles.active : ''}`} aria-current={active ? 'page' : undefined}>
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
          <div className={styles.account}>
            <span className={styles.identity}>
              <span className={styles.name} title={user.name}>
                {user.name}
              </span>
              <span className={styles.badge} data-role={user.role}>
                {roleBadgeLabel(user.role)}
              </span>
            </span>
            <span className={styles.email}>{user.email}</span>
            <ThemeToggle />
            <button type="button" className={styles.logout} onClick={onLogout}>
              Logout
            </button>
          </div>
        </div>

        <div className={styles.bellSlot}>
          <NotificationBell />
        </div>
      </nav>
    </header>
  );
}

/** The bar as it stands before the session is known: the same height and brand, no links yet, so nothing moves when they come. */
export function NavbarPlaceholder() {
  return (
    <header className={styles.bar} aria-hidden="true">
      <div className={styles.inner}>
        <span className={styles.brand}>
          <Icon name="star" className={styles.logo} />
          Store Ratings
        </span>
      </div>
    </header>
  );
}
