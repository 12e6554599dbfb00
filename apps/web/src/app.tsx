import { useEffect, useMemo, useState } from 'react';
import { apiClient } from './api/client';
import { AppContext, type AppState } from './app-context';
import { CALLBACK_PATH, completeSignIn, currentSession, signOut, type Session } from './auth/session';
import type { WebConfig } from './config';
import { Layout } from './layout';
import { Appointments } from './pages/appointments';
import { BookingPage } from './pages/booking-page';
import { HostPage } from './pages/host-page';
import { MyBookings } from './pages/my-bookings';
import { SearchCars } from './pages/search-cars';
import { SignedOut } from './pages/signed-out';
import { navigate, useLocation } from './router';
import { detectedZone } from './time/zones';
import { ErrorMessage } from './ui/messages';
import { sentenceFor } from './ui/use-async';

function Page({ path, role }: { path: string; role: Session['role'] }) {
  const booking = /^\/bookings\/([^/]+)$/.exec(path);
  if (booking) return <BookingPage bookingId={decodeURIComponent(booking[1]!)} />;
  if (path === '/bookings') return <MyBookings />;
  if (path === '/appointments') return <Appointments />;
  if (path === '/host' || role === 'host') return <HostPage />;
  return <SearchCars />;
}

export function App({ config }: { config: WebConfig }) {
  const location = useLocation();
  const [session, setSession] = useState(currentSession);
  const [zone, setZone] = useState(detectedZone);
  const [error, setError] = useState<string>();
  const api = useMemo(() => apiClient(config.apiUrl, () => currentSession()?.accessToken), [config.apiUrl]);

  useEffect(() => {
    if (location.pathname !== CALLBACK_PATH) return;
    completeSignIn(config)
      .then(({ session: signedIn, returnTo }) => {
        setSession(signedIn);
        navigate(returnTo === CALLBACK_PATH ? '/' : returnTo);
      })
      .catch((failure: unknown) => setError(`Signing in did not work. ${sentenceFor(failure)}`));
  }, [config, location.pathname]);

  if (location.pathname === CALLBACK_PATH)
    return error ? <ErrorMessage text={error} /> : <p role="status">Signing you in…</p>;
  if (!session) return <SignedOut config={config} />;
  const state: AppState = { config, api, session, zone, setZone };
  return (
    <AppContext.Provider value={state}>
      <Layout
        onSignOut={() => {
          setSession(undefined);
          void signOut(config).catch((failure: unknown) => setError(sentenceFor(failure)));
        }}
      >
        <Page path={location.pathname} role={session.role} />
      </Layout>
    </AppContext.Provider>
  );
}
