import { useEffect, useState } from 'react';
import { useText } from '../i18n/language';
import { timeLeft } from '../time/zones';

/** Minutes and seconds left on a hold; read out to screen readers only when a minute passes. */
export function Countdown({ until }: { until: string }) {
  const { text } = useText();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const { minutes, seconds } = timeLeft(until, now);
  return (
    <p className="countdown">
      <span aria-hidden="true">{text.leftToPay(`${minutes}:${String(seconds).padStart(2, '0')}`)}</span>
      <span className="visually-hidden" role="timer" aria-live="polite">
        {minutes === 0 && seconds === 0
          ? text.holdRunOut
          : text.minutesLeftToPay(minutes + (seconds > 0 ? 1 : 0))}
      </span>
    </p>
  );
}
