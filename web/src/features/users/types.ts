// The shapes of pkg/users (Account, Input, Access, InviteResult); a list answer is lib's Page.

export const USER_STATUSES = ['NOT_INVITED', 'INVITED', 'ACTIVE', 'INACTIVE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export type Pair = { branchCode: string; roleCode: string };

export type Account = {
  id: number;
  employeeCode: string;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  email: string;
  status: UserStatus;
  note: string;
  permissions: Pair[];
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  passwordChangedAt: string | null;
  /** The account has set its password (registered): only then may status change. */
  registered: boolean;
};

/** The body of createUser and updateUser (id 0 on create). */
export type AccountInput = {
  id?: number;
  employeeCode: string;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  email: string;
  status?: UserStatus;
  note: string;
  permissions: Pair[];
  updateBy?: string;
};

/** An account to pick from (unAssignedUsers): the caller and inactive accounts are left out. */
export type Candidate = Pick<Account, 'id' | 'employeeCode' | 'firstNameTh' | 'lastNameTh' | 'firstNameEn' | 'lastNameEn'>;

/** An account with the roles it holds in one branch (searchUserAccess). */
export type Access = Account & { roles: string[] };

export type InviteResult = { invited: number; failed: number[] };
