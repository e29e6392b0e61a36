/** The JSON envelope of every /api/v1 response (DESIGN §3). */
export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiFailure = { success: false; error: string; code?: string; message: string };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export type Pagination = { currentPage: number; totalPages: number; totalItems: number; itemsPerPage: number };

export type PublicUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  company: string | null;
  designation: string | null;
  lastLoginAt: string | null;
  isEmailVerified: boolean;
  subscriptionPlan: string;
  subscriptionStatus: string;
  isOnTrial: boolean;
  trialExpires: string | null;
  role: 'user' | 'admin';
  createdAt: string;
  address: { street: string; city: string; state: string; country: string; pincode: string };
  preferences: { emailNotifications: boolean; smsNotifications: boolean; timezone: string; language: string };
};

/** deviceToken: kept by the client and sent with its next sign-in to this account (decision 061). */
export type LoginResult = { token: string; refreshToken: string; user: PublicUser; deviceToken: string };
