import type { ReactNode } from 'react';
import { useApp } from './app-context';
import { Link } from './router';
import { ZonePicker } from './ui/zone-picker';

const LINKS = {
  customer: [
    { href: '/', label: 'Rent a car' },
    { href: '/appointments', label: 'Appointments' },
    { href: '/bookings', label: 'My bookings' },
  ],
  host: [{ href: '/host', label: 'My resources' }],
  admin: [
    { href: '/host', label: 'Resources' },
    { href: '/bookings', label: 'Bookings' },
  ],
};

/** Skip link, navigation for the person's role, who is signed in, and the zone times are shown in. */
export function Layout({ children, onSignOut }: { children: ReactNode; onSignOut: () => void }) {
  const { session, zone, setZone } = useApp();
  return (
    <>
      <a className="skip" href="#main">
        Skip to the content
      </a>
      <header>
        <nav aria-label="Main">
          <ul>
            {LINKS[session.role].map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <ZonePicker zone={zone} onChange={setZone} />
          <span>{session.name}</span>
          <button type="button" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main">{children}</main>
    </>
  );
}
