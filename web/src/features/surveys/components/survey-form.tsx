import { Alert, Button, Input } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScoreScale } from '@/features/surveys/components/score-scale';
import { NS } from '@/features/surveys/i18n';
import { COMMENT_MAX, QUESTIONS, type Answers, type QuestionKey } from '@/features/surveys/types';
import { completeAnswers, missingAnswers } from '@/features/surveys/values';

type Props = {
  /** A question's words (the server's on the public page, ours on the staff form). */
  label: (q: QuestionKey) => string;
  submitLabel: string;
  sending: boolean;
  onSubmit: (answers: Answers, comment: string) => void;
  /** The server's field messages (`answers.taste`, `comment`) of a refused answer. */
  fieldErrors?: Record<string, string>;
  /** A notice above the button (a failed send): what was chosen stays. */
  notice?: ReactNode;
  extra?: ReactNode;
};

/** The five questions, an optional comment and the send button; every question must have a score before anything is sent. */
export function SurveyForm({ label, submitLabel, sending, onSubmit, fieldErrors, notice, extra }: Props) {
  const { t } = useTranslation(NS);
  const id = useId();
  const [answers, setAnswers] = useState<Partial<Answers>>({});
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried ? missingAnswers(answers) : [];

  const send = () => {
    setTried(true);
    const done = completeAnswers(answers);
    if (done) onSubmit(done, comment.trim());
  };

  const errorOf = (q: QuestionKey) => (missing.includes(q) ? t('public.missingOne') : fieldErrors?.[`answers.${q}`]);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      noValidate
      data-testid="survey-form"
    >
      {QUESTIONS.map((q) => {
        const error = errorOf(q);
        return (
          <div className="survey-question" key={q}>
            <span className="survey-question-label" id={`${id}-${q}`}>{label(q)}</span>
            <ScoreScale name={q} labelId={`${id}-${q}`} value={answers[q]} invalid={!!error} onChange={(s) => setAnswers((a) => ({ ...a, [q]: s }))} />
            {error && <div className="survey-error" role="alert">{error}</div>}
          </div>
        );
      })}
      <label className="survey-question-label" htmlFor={`${id}-comment`}>{t('public.comment')}</label>
      <Input.TextArea
        id={`${id}-comment`}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={COMMENT_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder={t('public.commentPlaceholder')}
        status={fieldErrors?.comment ? 'error' : undefined}
        data-testid="survey-comment"
      />
      {fieldErrors?.comment && <div className="survey-error" role="alert">{fieldErrors.comment}</div>}
      {missing.length > 0 && <Alert type="error" showIcon message={t('public.missing')} style={{ marginTop: 16 }} data-testid="survey-missing" />}
      {notice}
      <div style={{ marginTop: 20, display: 'flex', gap: 8 }}>
        {extra}
        <Button type="primary" htmlType="submit" size="large" block loading={sending} data-testid="survey-send">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
