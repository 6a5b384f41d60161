import { ReportPage } from '@/features/reports/components/report-page';

/** /auth/report/kitchen (Controller). */
export default function Page() {
  return <ReportPage kind="kitchen" />;
}
