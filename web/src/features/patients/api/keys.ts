// The area's query key: every query of this feature starts with it, so a save or an import
// reloads the list, the open patient and the change record through it.
export const PATIENTS_AREA = 'patients' as const;
export const patientsKey = [PATIENTS_AREA] as const;
