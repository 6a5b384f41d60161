// The card's survey link, /q/:token (docs/surveys.md): no sign-in, no app shell, phone-sized
// first. The meal and its date, five questions, a comment, send; Thai by default with the
// language switch. Every way the link can end (answered, expired, not found, too many tries,
// no network) is a state of this page in the reader's language.
import { Alert, Button, Card, Result, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAnswerPublicSurvey } from '@/features/surveys/api/answer-public-survey';
import { usePublicSurvey } from '@/features/surveys/api/get-public-survey';
import { SurveyForm } from '@/features/surveys/components/survey-form';
import { NS } from '@/features/surveys/i18n';
import type { Answers } from '@/features/surveys/types';
import { showDay, textOn, waitMinutes } from '@/features/surveys/values';
import { LanguageSwitch } from '@/components/language-switch';
import { isApiError } from '@/lib/api-client';
import { localName } from '@/lib/names';

/** How the link ended, or what a send ran into. */
type Ending = 'sent' | 'answered' | 'expired' | 'notFound';

/** The ending an API failure means; undefined when the page should say something else (retry). */
function endingOf(e: unknown): Ending | undefined {
  if (!isApiError(e)) return undefined;
  if (e.status === 409) return 'answered';
  if (e.status === 410) return 'expired';
  if (e.status === 404) return 'notFound';
  return undefined;
}

export default function PublicSurveyPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const { token = '' } = useParams();
  const survey = usePublicSurvey(token);
  const answer = useAnswerPublicSurvey();
  const [ending, setEnding] = useState<Ending | undefined>();

  const submit = (answers: Answers, comment: string) =>
    answer.mutate({ token, answers, comment, lang }, {
      onSuccess: () => setEnding('sent'),
      onError: (e) => setEnding(endingOf(e)),
    });

  const failure = (e: unknown, onRetry?: () => void) => {
    if (isApiError(e) && e.status === 429) {
      return { title: t('public.rateLimitedTitle'), text: t('public.rateLimitedText', { minutes: waitMinutes(e.data) }), testId: 'survey-rate-limited' };
    }
    if (isApiError(e) && e.status === 0) return { title: t('public.networkTitle'), text: t('public.networkText'), testId: 'survey-network', onRetry };
    return { title: t('errors:generic.title'), text: t('errors:generic.description'), testId: 'survey-error', onRetry };
  };

  const end = ending ?? endingOf(survey.error) ?? (survey.data?.answered ? 'answered' : undefined);
  let body;
  if (end === 'sent') {
    body = <Result status="success" title={<span data-testid="survey-sent">{t('public.sentTitle')}</span>} subTitle={t('public.sentText')} />;
  } else if (end === 'answered') {
    body = <Result status="success" title={<span data-testid="survey-answered">{t('public.answeredTitle')}</span>} subTitle={t('public.answeredText')} />;
  } else if (end === 'expired') {
    body = <Result status="warning" title={<span data-testid="survey-expired">{t('public.expiredTitle')}</span>} subTitle={t('public.expiredText')} />;
  } else if (end === 'notFound') {
    body = <Result status="404" title={<span data-testid="survey-not-found">{t('public.notFoundTitle')}</span>} subTitle={t('public.notFoundText')} />;
  } else if (survey.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} aria-label={t('public.loading')} data-testid="survey-loading" />;
  } else if (survey.isError) {
    const f = failure(survey.error, () => void survey.refetch());
    body = (
      <Result
        status="warning"
        title={<span data-testid={f.testId}>{f.title}</span>}
        subTitle={f.text}
        extra={f.onRetry && <Button type="primary" size="large" onClick={f.onRetry} data-testid="survey-retry">{t('public.retry')}</Button>}
      />
    );
  } else {
    const s = survey.data;
    const byKey = new Map(s.questions.map((q) => [q.key, q]));
    const sendFailure = answer.isError && !endingOf(answer.error) && !(isApiError(answer.error) && answer.error.fields) ? failure(answer.error) : undefined;
    body = (
      <>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>{t('public.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('public.intro')}</Typography.Paragraph>
        <div className="survey-meal" data-testid="survey-meal">
          <Typography.Text type="secondary">{t('public.meal')}</Typography.Text>
          <Tag color={s.mealType.color} style={{ fontSize: 14, padding: '2px 10px', color: textOn(s.mealType.color) }}>{localName(s.mealType, lang)}</Tag>
          <Typography.Text type="secondary">{t('public.date')}</Typography.Text>
          <Typography.Text strong data-testid="survey-date">{showDay(s.date, lang)}</Typography.Text>
        </div>
        <SurveyForm
          label={(q) => { const l = byKey.get(q); return l ? (lang === 'en' ? l.en : l.th) : t(`question.${q}`); }}
          submitLabel={t('public.send')}
          sending={answer.isPending}
          onSubmit={submit}
          fieldErrors={isApiError(answer.error) ? answer.error.fields : undefined}
          notice={sendFailure && <Alert type="warning" showIcon message={sendFailure.title} description={sendFailure.text} style={{ marginTop: 16 }} data-testid={sendFailure.testId} />}
        />
      </>
    );
  }

  return (
    <main className="public-page" data-testid="public-survey-page">
      <div style={{ alignSelf: 'flex-end', marginBottom: 12 }}>
        <LanguageSwitch />
      </div>
      <Card className="survey-card">{body}</Card>
    </main>
  );
}
