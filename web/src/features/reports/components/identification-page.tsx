import { ReportPage } from '@/features/reports/components/report-page';

/** /auth/report/identification (Controller). */
export default function Page() {
  return <ReportPage kind="identification" />;
}
