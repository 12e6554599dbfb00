import { useEffect, useMemo, useState } from 'react';
import { apiClient } from './api/client';
import { AppContext } from './app-context';
import { CALLBACK_PATH, completeSignIn, currentSession, signOut, type Session } from './auth/session';
import type { WebConfig } from './config';
import {
  initialLanguage,
  LANGUAGES,
  LanguageContext,
  rememberLanguage,
  type Language,
} from './i18n/language';
import { Layout } from './layout';
import { Appointments } from './pages/appointments';
import { BookingPage } from './pages/booking-page';
import { CALENDAR_CONNECTED_PATH, CalendarConnected } from './pages/calendar-connected';
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
  if (path === CALENDAR_CONNECTED_PATH) return <CalendarConnected />;
  if (path === '/host' || role === 'host') return <HostPage />;
  return <SearchCars />;
}

export function App({ config }: { config: WebConfig }) {
  const location = useLocation();
  const [session, setSession] = useState(currentSession);
  const [zone, setZone] = useState(detectedZone);
  // Kept as what failed, so the sentence follows the page's language.
  const [failure, setFailure] = useState<{ signingIn: boolean; error: unknown }>();
  const [language, setLanguage] = useState(initialLanguage);
  const languageState = useMemo(
    () => ({
      language,
      text: LANGUAGES[language].messages,
      setLanguage: (chosen: Language) => {
        rememberLanguage(chosen);
        setLanguage(chosen);
      },
    }),
    [language],
  );
  const { text } = languageState;
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const api = useMemo(() => apiClient(config.apiUrl, () => currentSession()?.accessToken), [config.apiUrl]);

  useEffect(() => {
    if (location.pathname !== CALLBACK_PATH) return;
    completeSignIn(config)
      .then(({ session: signedIn, returnTo }) => {
        setSession(signedIn);
        navigate(returnTo === CALLBACK_PATH ? '/' : returnTo);
      })
      .catch((error: unknown) => setFailure({ signingIn: true, error }));
  }, [config, location.pathname]);

  const problem =
    failure &&
    (failure.signingIn ? text.signInFailed : text.signOutUnanswered)(sentenceFor(failure.error, text));
  const page =
    location.pathname === CALLBACK_PATH ? (
      problem ? (
        <ErrorMessage text={problem} />
      ) : (
        <p role="status">{text.signingIn}</p>
      )
    ) : !session ? (
      <SignedOut config={config} problem={problem} />
    ) : (
      <AppContext.Provider value={{ config, api, session, zone, setZone }}>
        <Layout
          onSignOut={() => {
            setSession(undefined);
            void signOut(config).catch((error: unknown) => setFailure({ signingIn: false, error }));
          }}
        >
          <Page path={location.pathname} role={session.role} />
        </Layout>
      </AppContext.Provider>
    );
  return <LanguageContext.Provider value={languageState}>{page}</LanguageContext.Provider>;
}
