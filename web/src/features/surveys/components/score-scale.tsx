import { useTranslation } from 'react-i18next';
import { NS } from '@/features/surveys/i18n';
import { SCORES } from '@/features/surveys/types';

/** The faces of the scores, lowest first (shown beside the number and its words). */
const FACES = ['😞', '🙁', '😐', '🙂', '😄'];

type Props = {
  /** The question's key (test ids) and the id of its label (the group's accessible name). */
  name: string;
  labelId: string;
  value?: number;
  onChange: (score: number) => void;
  invalid?: boolean;
};

/** One question's five choices, 1 (very poor) to 5 (very good): large buttons a finger hits, each a face, a number and words. */
export function ScoreScale({ name, labelId, value, onChange, invalid }: Props) {
  const { t } = useTranslation(NS);
  return (
    <div className="survey-scale" role="radiogroup" aria-labelledby={labelId} aria-invalid={invalid || undefined} data-testid={`score-${name}`}>
      {SCORES.map((s) => (
        <button
          key={s}
          type="button"
          role="radio"
          aria-checked={value === s}
          aria-label={`${s} ${t(`score.${s}`)}`}
          className="survey-score"
          onClick={() => onChange(s)}
          data-testid={`score-${name}-${s}`}
        >
          <span className="survey-face" aria-hidden>{FACES[s - 1]}</span>
          <span className="survey-score-number" aria-hidden>{s}</span>
          <span className="survey-score-text" aria-hidden>{t(`score.${s}`)}</span>
        </button>
      ))}
    </div>
  );
}
