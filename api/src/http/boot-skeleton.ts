/**
 * What a page shows from its first paint, before any script has run (issue 16): the navbar's bar and
 * the page's layout in grey, by the route's skeleton kind (the shell's route table, through its
 * start.json), written into the page's root element. React replaces it with the same layout on its
 * first render (the kit's PageSkeleton), then with the page. Self-contained: its own small stylesheet,
 * with the design tokens' colours (the shell's stylesheet arrives with its code); hidden from screen
 * readers, which hear the page once it is there.
 */
import type { PageSkeletonKind } from 'shared-contracts';

export const BOOT_SKELETON_CSS = [
  'body{margin:0;background:#f6f7fb;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}',
  '.sr-boot-bar{background:#fff;border-bottom:1px solid #d8dce6;box-shadow:0 1px 2px rgba(20,24,40,.08)}',
  '.sr-boot-inner{max-width:72rem;min-height:3.75rem;margin:0 auto;padding:.5rem 1rem;box-sizing:border-box;display:flex;align-items:center}',
  // As the navbar: a wide bar takes the window's width up to 90rem (shell Navbar.module.css).
  '@media (min-width:1024px){.sr-boot-inner{max-width:90rem}}',
  '.sr-boot-brand{font-weight:700;font-size:1.15rem;color:#1b2030}.sr-boot-brand b{color:#c27c00;margin-right:.4rem}',
  '.sr-boot-page{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem;box-sizing:border-box}',
  '.sr-boot-auth{max-width:30rem;margin:0 auto;padding:3rem 1rem;box-sizing:border-box}',
  '.sr-boot i{display:block;height:.9rem;border-radius:4px;background:#f1f3f8;margin:0 0 .75rem}',
  '.sr-boot .t{height:2.5rem;width:16rem;max-width:70%}.sr-boot .s{width:40%}.sr-boot .f{height:2.75rem}',
  '.sr-boot-card{background:#fff;border:1px solid #d8dce6;border-radius:12px;padding:1.25rem;margin-bottom:1rem}',
  '.sr-boot-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}',
  '@media (max-width:30rem){.sr-boot-page{padding:1rem .75rem 2rem}}',
].join('');

const bone = (className = '') => `<i${className ? ` class="${className}"` : ''}></i>`;
const card = (lines: string) => `<div class="sr-boot-card">${lines}</div>`;

function content(kind: PageSkeletonKind): string {
  switch (kind) {
    case 'cards':
      return `${bone('f')}<div class="sr-boot-grid">${card(bone('s') + bone() + bone('s')).repeat(4)}</div>`;
    case 'detail':
      return card(bone('t') + bone() + bone('s')) + card(bone('s') + bone('f'));
    case 'dashboard':
      return `<div class="sr-boot-grid">${card(bone('s') + bone('t')).repeat(3)}</div>${card(bone('s') + bone() + bone())}`;
    case 'table':
      return `${bone('f')}${card((bone() + bone() + bone()).repeat(3))}`;
    case 'form':
    case 'auth':
      return card((bone('s') + bone('f')).repeat(3));
  }
}

/** The first-paint markup of a page of `kind`, for inside the root element. */
export function bootSkeletonHtml(kind: PageSkeletonKind): string {
  if (kind === 'auth') return `<div class="sr-boot sr-boot-auth" aria-hidden="true">${content(kind)}</div>`;
  return (
    `<div class="sr-boot" aria-hidden="true">` +
    `<div class="sr-boot-bar"><div class="sr-boot-inner"><span class="sr-boot-brand"><b>★</b>Store Ratings</span></div></div>` +
    `<div class="sr-boot-page">${bone('t')}${bone('s')}${content(kind)}</div></div>`
  );
}
