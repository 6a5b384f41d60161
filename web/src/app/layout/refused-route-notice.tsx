import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { refusedPath } from '@/app/guard';
import { screenLabel } from '@/app/routes';
import { useSession } from '@/lib/use-session';

/**
 * Says why the user is not on the screen they opened: the route is not open to their current
 * role (the guard sent them to their first screen). Gone on the next navigation or when closed.
 */
export function RefusedRouteNotice() {
  const { t } = useTranslation(['layout', 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const role = useSession().userInfo?.current?.roleCode ?? '';
  const path = refusedPath(location.state);
  if (!path) return null;
  const label = screenLabel(path);
  // every route the guard refuses has a sidebar entry (routes.test.ts); the path is a last resort
  const screen = label ? t(`layout:${label}`) : path;
  return (
    <Alert
      type="warning"
      showIcon
      closable
      message={t('layout:refused.title')}
      description={t('layout:refused.description', { screen, role: t(`common:roles.${role}`, { defaultValue: role }) })}
      onClose={() => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null })}
      style={{ marginBottom: 16 }}
      data-testid="route-refused"
    />
  );
}
