import type { ReactNode } from 'react';
import { useApp } from './app-context';
import type { Session } from './auth/session';
import type { Messages } from './i18n/en-US';
import { useText } from './i18n/language';
import { Link } from './router';
import { LanguagePicker } from './ui/language-picker';
import { ZonePicker } from './ui/zone-picker';

type NavLabel = Extract<keyof Messages, `nav${string}`>;

const LINKS: Record<Session['role'], { href: string; label: NavLabel }[]> = {
  customer: [
    { href: '/', label: 'navRentCar' },
    { href: '/appointments', label: 'navAppointments' },
    { href: '/bookings', label: 'navMyBookings' },
  ],
  host: [{ href: '/host', label: 'navMyResources' }],
  admin: [
    { href: '/host', label: 'navResources' },
    { href: '/bookings', label: 'navBookings' },
  ],
};

/** Skip link, navigation for the person's role, who is signed in, the zone times are shown in, the language. */
export function Layout({ children, onSignOut }: { children: ReactNode; onSignOut: () => void }) {
  const { session, zone, setZone } = useApp();
  const { text } = useText();
  return (
    <>
      <a className="skip" href="#main">
        {text.skipToContent}
      </a>
      <header>
        <nav aria-label={text.mainNavigation}>
          <ul>
            {LINKS[session.role].map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{text[link.label]}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <ZonePicker zone={zone} onChange={setZone} />
          <LanguagePicker />
          <span>{session.name}</span>
          <button type="button" onClick={onSignOut}>
            {text.signOut}
          </button>
        </div>
      </header>
      <main id="main">{children}</main>
    </>
  );
}
