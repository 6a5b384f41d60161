import { AUTH_ROUTES, PUBLIC_ROUTES, SIDEBAR, landingPath, screenLabel, sidebarPaths } from '@/app/routes';
import enLayout from '@/locales/en/layout.json';
import enMasterData from '@/locales/en/master-data.json';
import thLayout from '@/locales/th/layout.json';
import thMasterData from '@/locales/th/master-data.json';

describe('route and sidebar tables', () => {
  const all = { includeNotReady: true };

  it('gives each role the sidebar of SPEC.md §2 and §6 once every screen is built', () => {
    expect(sidebarPaths('BCT', all)).toEqual([
      'patient', 'order', 'report/meal-card', 'report/kitchen', 'report/identification', 'report/patient',
      'report/kitchen-orders', 'report/finance', 'survey/entry', 'account',
    ]);
    expect(sidebarPaths('BOD', all)).toEqual(['order', 'account']);
    expect(sidebarPaths('BSV', all)).toEqual(['serve', 'survey/entry', 'account']);
    expect(sidebarPaths('BNT', all)).toEqual([
      'room-and-ward', 'food-type', 'disease-food', 'allergen-restricted', 'cuisine-type', 'meal-type',
      'food-groups', 'religion-vegetarian', 'nutrients', 'nutrient-targets', 'remark-other', 'portions', 'tray-category',
      'nutrition', 'menu', 'menu-set', 'cycle-menu', 'account',
    ]);
    expect(sidebarPaths('SAM', all)).toEqual(expect.arrayContaining(['users', 'branches', 'account']));
    expect(landingPath('SAM')).toBe('/auth/users');
    expect(sidebarPaths('SAM', all)).not.toContain('user-permission-branch');
    expect(sidebarPaths('BAM', all)).toEqual(expect.arrayContaining(['user-permission-branch', 'account']));
    expect(sidebarPaths('BAM', all)).not.toContain('users');
  });

  it('shows no menu item for a screen that is not built yet', () => {
    for (const role of ['BCT', 'BOD', 'BSV', 'BNT', 'SAM', 'BAM']) {
      for (const path of sidebarPaths(role)) {
        const route = AUTH_ROUTES.find((r) => r.path === path);
        expect(route?.ready && route.load, `${role} → ${path}`).toBeTruthy();
      }
    }
  });

  it('shows nothing for an unknown role or no role', () => {
    expect(sidebarPaths('XYZ')).toEqual([]);
    expect(sidebarPaths(null)).toEqual([]);
  });

  it('lands each role on its first sidebar screen', () => {
    expect(landingPath('BCT')).toBe(`/auth/${sidebarPaths('BCT')[0]}`);
    expect(landingPath(null)).toBe('/auth/account');
  });

  it('lists every route of SPEC.md §2 with its roles, each sidebar leaf naming a listed route', () => {
    const spec: Record<string, string[]> = {
      account: ['BCT', 'BOD', 'BSV', 'BNT', 'SAM', 'BAM'],
      'account/password': ['BCT', 'BOD', 'BSV', 'BNT', 'SAM', 'BAM'],
      patient: ['BCT'],
      'report/meal-card': ['BCT'],
      order: ['BCT', 'BOD'],
      'order/care-giver/form': ['BCT', 'BOD'],
      serve: ['BSV'],
      'serve/confirm': ['BSV'],
      'cycle-menu': ['BNT'],
      'room-and-ward': ['BNT'],
      users: ['SAM'],
      'user-permission-branch': ['BAM'],
      // ours (issue 17)
      'survey/patient-satisfaction': ['SAM', 'BAM'],
      'survey/entry': ['BSV', 'BCT'],
      // ours (issue 30): the Branch Admin's feed; the Super Admin's is a drawer of Branches
      'hl7-feed': ['BAM'],
    };
    for (const [path, roles] of Object.entries(spec)) {
      expect([...AUTH_ROUTES.find((r) => r.path === path)!.roles].sort(), path).toEqual([...roles].sort());
    }
    const leaves = SIDEBAR.flatMap((n) => ('children' in n ? n.children.map((c) => c.path) : [n.path]));
    for (const leaf of leaves) expect(AUTH_ROUTES.some((r) => r.path === leaf), leaf).toBe(true);
    expect(PUBLIC_ROUTES.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/login', '/register', '/redirect', '/select-role', '/forgot-password', '/reset-password', '/inactive-account', '/q/:token']),
    );
  });

  it('names each master-data screen in the sidebar as its page title, and short enough to fit (issue 19 item 12)', () => {
    // sidebar label (layout.json menu.*) → page title (master-data.json screens.*)
    const pairs: [keyof typeof thLayout.menu, keyof typeof thMasterData.screens][] = [
      ['foodType', 'foodType'], ['diseaseFood', 'diseaseFood'], ['allergen', 'allergenRestricted'],
      ['cuisineType', 'cuisineType'], ['mealType', 'mealType'], ['foodGroup', 'foodGroups'],
      ['religionVegetarian', 'religionVegetarian'], ['nutrientUnit', 'nutrients'], ['remarkOther', 'remarkOther'],
      ['portion', 'portions'], ['trayCategory', 'trayCategory'], ['wardsAndBeds', 'roomAndWard'],
    ];
    for (const [layout, masterData] of [[thLayout, thMasterData], [enLayout, enMasterData]] as const) {
      for (const [menu, screen] of pairs) {
        expect(layout.menu[menu], menu).toBe(masterData.screens[screen]);
        // the sidebar's submenu item holds about 170 px: 26 characters in either language
        expect(layout.menu[menu].length, menu).toBeLessThanOrEqual(26);
      }
    }
  });

  it('names a refused screen by its sidebar entry, or the entry it opens from', () => {
    expect(screenLabel('/auth/survey/patient-satisfaction')).toBe('menu.patientSatisfaction');
    expect(screenLabel('/auth/user-permission-branch')).toBe('menu.accessRights');
    expect(screenLabel('/auth/order/form')).toBe('menu.orderMeals');
    expect(screenLabel('/auth/order/care-giver/form')).toBe('menu.orderMeals');
    expect(screenLabel('/auth/account/password')).toBe('account');
    expect(screenLabel('/auth/nowhere')).toBeNull();
    for (const r of AUTH_ROUTES) expect(screenLabel(`/auth/${r.path}`), r.path).not.toBeNull();
  });
});
