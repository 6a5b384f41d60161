import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/surveys/i18n';
import { SCORES } from '@/features/surveys/types';

/** A face for a score: the mouth from a frown (1) to a wide smile (5). Drawn, not an emoji: every phone shows it alike. */
function Face({ score }: { score: number }) {
  const bend = (score - 3) * 3; // the mouth's curve: below 0 a frown, above a smile
  return (
    <svg className="survey-face" viewBox="0 0 24 24" width="28" height="28" aria-hidden focusable="false">
      <circle cx="12" cy="12" r="10.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="8.5" cy="9.5" r="1.3" fill="currentColor" />
      <circle cx="15.5" cy="9.5" r="1.3" fill="currentColor" />
      <path d={`M7.5 ${15.5 - bend / 3} Q12 ${15.5 + bend} 16.5 ${15.5 - bend / 3}`} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

type Props = {
  /** The question's key (test ids) and the id of its label (the group's accessible name). */
  name: string;
  labelId: string;
  value?: number;
  onChange: (score: number) => void;
  invalid?: boolean;
};

/**
 * One question's five choices, 1 (very poor) to 5 (very good): large buttons a finger hits,
 * each a face, a number and words. A radio group for the keyboard too: one stop in the tab
 * order (the chosen score, else the first), the arrow keys move and choose.
 */
export function ScoreScale({ name, labelId, value, onChange, invalid }: Props) {
  const { t } = useTranslation(NS);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const next = Math.min(5, Math.max(1, (value ?? 0) + step));
    onChange(next);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-score="${next}"]`)?.focus();
  };
  return (
    <div className="survey-scale" role="radiogroup" aria-labelledby={labelId} aria-invalid={invalid || undefined}
      onKeyDown={onKeyDown} data-testid={`score-${name}`}>
      {SCORES.map((s) => (
        <button
          key={s}
          type="button"
          role="radio"
          aria-checked={value === s}
          tabIndex={value === s || (value === undefined && s === 1) ? 0 : -1}
          aria-label={`${s} ${t(`score.${s}`)}`}
          className="survey-score"
          data-score={s}
          onClick={() => onChange(s)}
          data-testid={`score-${name}-${s}`}
        >
          <Face score={s} />
          <span className="survey-score-number" aria-hidden>{s}</span>
          <span className="survey-score-text" aria-hidden>{t(`score.${s}`)}</span>
        </button>
      ))}
    </div>
  );
}
