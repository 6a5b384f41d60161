// The master-data screens of SPEC.md §2, one export each for the route table
// (app/routes.ts loads them lazily: none of this is in the Login bundle).
import '@/features/master-data/i18n';
import { MasterDataScreen } from '@/features/master-data/components/master-data-screen';

export const FoodTypeScreen = () => <MasterDataScreen title="screens.foodType" kinds={['DietType']} />;
export const DiseaseFoodScreen = () => <MasterDataScreen title="screens.diseaseFood" kinds={['Therapeutic']} />;
export const CuisineTypeScreen = () => <MasterDataScreen title="screens.cuisineType" kinds={['CuisineType']} />;
export const FoodGroupsScreen = () => <MasterDataScreen title="screens.foodGroups" kinds={['MealClass']} />;
export const PortionsScreen = () => <MasterDataScreen title="screens.portions" kinds={['MealComponent']} />;
export const NutrientsScreen = () => <MasterDataScreen title="screens.nutrients" kinds={['NutrientUnit']} />;
export const MealTypeScreen = () => <MasterDataScreen title="screens.mealType" kinds={['MealTime']} />;
export const TrayCategoryScreen = () => <MasterDataScreen title="screens.trayCategory" kinds={['TrayCategory']} />;
export const AllergenRestrictedScreen = () => (
  <MasterDataScreen title="screens.allergenRestricted" kinds={['Allergies', 'Restricted']} />
);
export const ReligionVegetarianScreen = () => (
  <MasterDataScreen title="screens.religionVegetarian" kinds={['Religion', 'Vegetarian']} />
);
export const RemarkOtherScreen = () => <MasterDataScreen title="screens.remarkOther" kinds={['Remark', 'Other']} />;
export const RoomAndWardScreen = () => (
  <MasterDataScreen title="screens.roomAndWard" kinds={['WardType', 'Ward', 'RoomType', 'Room', 'RoomMealClass']} />
);
// Ours (issue 27): the Nutritionist's nutrient ranges per diet type and therapeutic food.
export const NutrientTargetScreen = () => <MasterDataScreen title="screens.nutrientTargets" kinds={['NutrientTarget']} />;
