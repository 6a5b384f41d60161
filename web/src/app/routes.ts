// THE route table and THE sidebar table. A screen that a later issue builds is listed here
// with `ready: false`, which keeps it out of the router (its path falls to "unknown → Login")
// and out of the sidebar; building it means adding `load` and flipping `ready`.
import type { ComponentType } from 'react';
import { ANY_ROLE, ROLE, type RoleCode } from '@/config/roles';

type Loader = () => Promise<{ default: ComponentType }>;

/** `plain`: built without Ant Design (Login, the route every user loads cold). */
export type PublicRoute = { path: string; ready: boolean; load?: Loader; plain?: boolean };

/** Public screens of SPEC.md §2 ('/' and unknown paths go to Login; see router.tsx). */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/login', ready: true, plain: true, load: () => import('@/features/auth/components/login-page') },
  { path: '/select-role', ready: true, load: () => import('@/features/auth/components/select-role-page') },
  { path: '/inactive-account', ready: true, load: () => import('@/features/auth/components/inactive-account-page') },
  { path: '/register', ready: true, load: () => import('@/features/auth/components/register-page') },
  // Choose verification method: the second step of a sign-in with two factors.
  { path: '/redirect', ready: true, load: () => import('@/features/auth/components/verify-method-page') },
  { path: '/forgot-password', ready: true, load: () => import('@/features/auth/components/forgot-password-page') },
  { path: '/reset-password', ready: true, load: () => import('@/features/auth/components/reset-password-page') },
  // Ours (issue 17): the meal card's survey link, answered by a patient or caregiver without signing in.
  { path: '/q/:token', ready: true, load: () => import('@/features/surveys/components/public-survey-page') },
];

export type AuthRoute = {
  /** Under /auth. */
  path: string;
  roles: readonly RoleCode[];
  ready: boolean;
  load?: Loader;
};

const { controller, orderTaker, serve, nutritionist, superAdmin, branchAdmin } = ROLE;

/** A master-data screen: every one lives in one lazy chunk of features/master-data. */
function masterData(name: keyof typeof import('@/features/master-data/components/screens')): Loader {
  return () => import('@/features/master-data/components/screens').then((m) => ({ default: m[name] }));
}

/** Authenticated screens of SPEC.md §2, with the roles allowed to open each. */
export const AUTH_ROUTES: AuthRoute[] = [
  { path: 'account', roles: ANY_ROLE, ready: true, load: () => import('@/features/account/components/account-page') },
  { path: 'account/password', roles: ANY_ROLE, ready: true, load: () => import('@/features/account/components/change-password-page') },
  { path: 'patient', roles: [controller], ready: true, load: () => import('@/features/patients/components/patients-page') },
  { path: 'report/meal-card', roles: [controller], ready: true, load: () => import('@/features/reports/components/meal-card-page') },
  { path: 'report/kitchen', roles: [controller], ready: true, load: () => import('@/features/reports/components/kitchen-page') },
  { path: 'report/identification', roles: [controller], ready: true, load: () => import('@/features/reports/components/identification-page') },
  {
    path: 'report/patient',
    roles: [controller],
    ready: true,
    load: () => import('@/features/patients/components/patient-changes-page'),
  },
  { path: 'order', roles: [controller, orderTaker], ready: true, load: () => import('@/features/orders/components/orders-page') },
  { path: 'order/form', roles: [controller, orderTaker], ready: true, load: () => import('@/features/orders/components/order-form-page') },
  // Ours (issue 25 §2): a ward's meal ordered in one round.
  { path: 'order/round', roles: [controller, orderTaker], ready: true, load: () => import('@/features/orders/components/meal-round-page') },
  {
    path: 'order/care-giver/form',
    roles: [controller, orderTaker],
    ready: true,
    load: () => import('@/features/orders/components/caregiver-form-page'),
  },
  { path: 'serve', roles: [serve], ready: true, load: () => import('@/features/serve/components/serve-list-page') },
  { path: 'serve/confirm', roles: [serve], ready: true, load: () => import('@/features/serve/components/confirm-serve-page') },
  // Ours (issue 27 §3): what the patient ate, recorded when the tray comes back.
  { path: 'serve/collect', roles: [serve], ready: true, load: () => import('@/features/serve/components/collect-tray-page') },
  // Ours (issue 16): the branch's wristband setting, kept by its administrators.
  { path: 'serve-setting', roles: [superAdmin, branchAdmin], ready: true, load: () => import('@/features/serve/components/serve-setting-page') },
  // Ours (issue 27 §5): whether the branch's meal cards print each tray's nutrients.
  { path: 'meal-card-setting', roles: [superAdmin, branchAdmin], ready: true, load: () => import('@/features/reports/components/card-setting-page') },
  { path: 'food-type', roles: [nutritionist], ready: true, load: masterData('FoodTypeScreen') },
  { path: 'disease-food', roles: [nutritionist], ready: true, load: masterData('DiseaseFoodScreen') },
  { path: 'cuisine-type', roles: [nutritionist], ready: true, load: masterData('CuisineTypeScreen') },
  { path: 'food-groups', roles: [nutritionist], ready: true, load: masterData('FoodGroupsScreen') },
  { path: 'portions', roles: [nutritionist], ready: true, load: masterData('PortionsScreen') },
  { path: 'nutrients', roles: [nutritionist], ready: true, load: masterData('NutrientsScreen') },
  { path: 'meal-type', roles: [nutritionist], ready: true, load: masterData('MealTypeScreen') },
  { path: 'allergen-restricted', roles: [nutritionist], ready: true, load: masterData('AllergenRestrictedScreen') },
  { path: 'religion-vegetarian', roles: [nutritionist], ready: true, load: masterData('ReligionVegetarianScreen') },
  { path: 'remark-other', roles: [nutritionist], ready: true, load: masterData('RemarkOtherScreen') },
  // Tray food category is in the sidebar of SPEC.md §2 but has no route there: ours.
  { path: 'tray-category', roles: [nutritionist], ready: true, load: masterData('TrayCategoryScreen') },
  // Ours (issue 27): the Nutritionist's patients, each day against the targets.
  { path: 'nutrition', roles: [nutritionist], ready: true, load: () => import('@/features/nutrition/components/patient-nutrition-page') },
  // Ours (issue 27 §4): who is not eating, reached from Patients' nutrition.
  { path: 'nutrition/worklist', roles: [nutritionist], ready: true, load: () => import('@/features/nutrition/components/worklist-page') },
  // Ours (issue 27): nutrient targets per diet type and therapeutic food.
  { path: 'nutrient-targets', roles: [nutritionist], ready: true, load: masterData('NutrientTargetScreen') },
  { path: 'cycle-menu', roles: [nutritionist], ready: true, load: () => import('@/features/menus/components/cycles-page') },
  { path: 'room-and-ward', roles: [nutritionist], ready: true, load: masterData('RoomAndWardScreen') },
  { path: 'users', roles: [superAdmin], ready: true, load: () => import('@/features/users/components/users-page') },
  {
    path: 'user-permission-branch',
    roles: [branchAdmin],
    ready: true,
    load: () => import('@/features/users/components/user-access-page'),
  },
  // Ours (SPEC.md §2 has no branch screen): a Super Admin adds the group's branches (issue 6).
  { path: 'branches', roles: [superAdmin], ready: true, load: () => import('@/features/branches/components/branches-page') },
  // Ours (issue 30): a Branch Admin's view of its branch's HL7 v2 feed (the Super Admin's is a drawer of Branches).
  { path: 'hl7-feed', roles: [branchAdmin], ready: true, load: () => import('@/features/branches/components/feed-page') },
  // In the sidebar of SPEC.md §2 but not in its route table: path and roles are this
  // shell's proposal, to be settled by the issue that builds each screen.
  { path: 'menu', roles: [nutritionist], ready: true, load: () => import('@/features/menus/components/menus-page') },
  { path: 'menu-set', roles: [nutritionist], ready: true, load: () => import('@/features/menus/components/menu-sets-page') },
  { path: 'report/kitchen-orders', roles: [controller], ready: true, load: () => import('@/features/reports/components/kitchen-orders-page') },
  { path: 'report/finance', roles: [controller], ready: true, load: () => import('@/features/reports/components/finance-page') },
  {
    path: 'survey/patient-satisfaction',
    roles: [superAdmin, branchAdmin],
    ready: true,
    load: () => import('@/features/surveys/components/patient-satisfaction-page'),
  },
  // Ours (issue 17): staff enter a patient's survey for a tray.
  { path: 'survey/entry', roles: [serve, controller], ready: true, load: () => import('@/features/surveys/components/survey-entry-page') },
  { path: 'survey/work-performance', roles: [superAdmin, branchAdmin], ready: true, load: () => import('@/features/performance/components/work-performance-page') },
  { path: 'activity-log', roles: [superAdmin, branchAdmin], ready: true, load: () => import('@/features/logs/components/activity-log-page') },
  { path: 'change-log', roles: [superAdmin, branchAdmin], ready: true, load: () => import('@/features/logs/components/change-log-page') },
];

/** A sidebar entry: a leaf names a route path, a group holds leaves. `label` is in layout.json. */
export type MenuNode =
  | { label: string; path: string; icon?: MenuIcon }
  | { label: string; icon?: MenuIcon; children: { label: string; path: string }[] };

export type MenuIcon =
  | 'team' | 'home' | 'form' | 'history' | 'user' | 'shopping' | 'file' | 'coffee' | 'database' | 'book' | 'safety';

/** The sidebar of SPEC.md §2, in its order, plus the account page every role reaches. */
export const SIDEBAR: MenuNode[] = [
  {
    label: 'menu.userManagement', icon: 'team',
    children: [
      { label: 'menu.userAccounts', path: 'users' },
      { label: 'menu.accessRights', path: 'user-permission-branch' },
      { label: 'menu.branches', path: 'branches' },
      { label: 'menu.serveSetting', path: 'serve-setting' },
      { label: 'menu.mealCardSetting', path: 'meal-card-setting' },
      { label: 'menu.hl7Feed', path: 'hl7-feed' },
    ],
  },
  { label: 'menu.wardsAndBeds', path: 'room-and-ward', icon: 'home' },
  {
    label: 'menu.survey', icon: 'form',
    children: [
      { label: 'menu.patientSatisfaction', path: 'survey/patient-satisfaction' },
      { label: 'menu.workPerformance', path: 'survey/work-performance' },
    ],
  },
  {
    label: 'menu.activityLog', icon: 'history',
    children: [
      { label: 'menu.activityRecord', path: 'activity-log' },
      { label: 'menu.changeLog', path: 'change-log' },
    ],
  },
  { label: 'menu.patientManagement', path: 'patient', icon: 'user' },
  { label: 'menu.orderMeals', path: 'order', icon: 'shopping' },
  {
    label: 'menu.reports', icon: 'file',
    children: [
      { label: 'menu.mealCard', path: 'report/meal-card' },
      { label: 'menu.kitchenOrder', path: 'report/kitchen' },
      { label: 'menu.identification', path: 'report/identification' },
      { label: 'menu.patientChange', path: 'report/patient' },
      { label: 'menu.kitchenOrders', path: 'report/kitchen-orders' },
      { label: 'menu.finance', path: 'report/finance' },
    ],
  },
  { label: 'menu.serve', path: 'serve', icon: 'coffee' },
  { label: 'menu.surveyEntry', path: 'survey/entry', icon: 'form' },
  {
    label: 'menu.masterData', icon: 'database',
    children: [
      { label: 'menu.foodType', path: 'food-type' },
      { label: 'menu.diseaseFood', path: 'disease-food' },
      { label: 'menu.allergen', path: 'allergen-restricted' },
      { label: 'menu.cuisineType', path: 'cuisine-type' },
      { label: 'menu.mealType', path: 'meal-type' },
      { label: 'menu.foodGroup', path: 'food-groups' },
      { label: 'menu.religionVegetarian', path: 'religion-vegetarian' },
      { label: 'menu.nutrientUnit', path: 'nutrients' },
      { label: 'menu.nutrientTargets', path: 'nutrient-targets' },
      { label: 'menu.remarkOther', path: 'remark-other' },
      { label: 'menu.portion', path: 'portions' },
      { label: 'menu.trayCategory', path: 'tray-category' },
    ],
  },
  { label: 'menu.patientNutrition', path: 'nutrition', icon: 'user' },
  {
    label: 'menu.menuManagement', icon: 'book',
    children: [
      { label: 'menu.menu', path: 'menu' },
      { label: 'menu.menuSet', path: 'menu-set' },
      { label: 'menu.cycleMenu', path: 'cycle-menu' },
    ],
  },
  { label: 'account', path: 'account', icon: 'safety' },
];

const byPath = new Map(AUTH_ROUTES.map((r) => [r.path, r]));

export function findAuthRoute(path: string): AuthRoute | undefined {
  return byPath.get(path);
}

type Options = { includeNotReady?: boolean };

function leafVisible(path: string, role: string | null, opts: Options): boolean {
  const r = byPath.get(path);
  if (!r || !role) return false;
  return (r.ready || opts.includeNotReady === true) && (r.roles as readonly string[]).includes(role);
}

/** The sidebar the role sees: leaves it may open (and that exist), groups with any left. */
export function sidebarFor(role: string | null, opts: Options = {}): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of SIDEBAR) {
    if ('children' in node) {
      const children = node.children.filter((c) => leafVisible(c.path, role, opts));
      if (children.length > 0) out.push({ ...node, children });
    } else if (leafVisible(node.path, role, opts)) {
      out.push(node);
    }
  }
  return out;
}

/** The sidebar's paths for the role, in order (for tests and for the landing screen). */
export function sidebarPaths(role: string | null, opts: Options = {}): string[] {
  return sidebarFor(role, opts).flatMap((n) => ('children' in n ? n.children.map((c) => c.path) : [n.path]));
}

/** Where a role lands after sign-in or a pair switch: its first sidebar screen. */
export function landingPath(role: string | null): string {
  const first = sidebarPaths(role)[0];
  return `/auth/${first ?? 'account'}`;
}

/**
 * The sidebar label key (layout.json) of the screen at an /auth path: its own entry, or the
 * entry it opens from (`order/form` → `order`); null for a path the sidebar does not reach.
 */
export function screenLabel(pathname: string): string | null {
  const leaves = SIDEBAR.flatMap((n) => ('children' in n ? n.children : [n]));
  let path = pathname.replace(/^\/auth\//, '').replace(/\/+$/, '');
  while (path) {
    const leaf = leaves.find((l) => l.path === path);
    if (leaf) return leaf.label;
    path = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  }
  return null;
}
