import { ReportPage } from '@/features/reports/components/report-page';

/** /auth/report/meal-card (Controller). */
export default function Page() {
  return <ReportPage kind="meal-card" />;
}
