/**
 * Every user-facing message, in one place. The wording of spec §5 and §8 is kept exactly;
 * the API answers with the same texts the browser shows.
 */

export const MESSAGES = {
  // spec §5: validation
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRequirements: 'Password does not meet requirements',
  nameLength: 'Name must be between 20-60 characters',
  addressMax: 'Address must not exceed 400 characters',
  fillAllPasswordFields: 'Please fill in all password fields',
  newPasswordsDoNotMatch: 'New passwords do not match',
  selectRating: 'Please select a rating',
  fillRequiredFields: 'Please fill in all required fields',
  storeNameLength: 'Store name must be between 3-100 characters',
  noStoreOwners: 'No store owners available. Please create store owner accounts first.',
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  confirmDeleteStore: 'Are you sure you want to delete this store?',
  noAuthToken: 'No authentication token found',

  // validation the spec leaves unworded
  invalidEmail: 'Please enter a valid email address',
  emailTooLong: 'Email must not exceed 254 characters',
  commentMax: 'Comment must not exceed 500 characters',
  replyRequired: 'Please write a reply',
  replyMax: 'Reply must not exceed 500 characters',
  invalidPhone: 'Please enter a valid phone number',
  invalidRole: 'Please select a valid role',
  invalidOwner: 'Please select a store owner',
  invalidCategory: 'Please select a valid category',
  cityMax: 'City must not exceed 100 characters',
  invalidCity: 'City must not be blank',
  invalidMinRating: 'Minimum rating must be a number from 0 to 5',
  invalidStarsFilter: 'Stars must be a whole number from 1 to 5',
  invalidWithComment: 'With comment must be true or false',
  invalidId: 'Invalid id',
  invalidPage: 'Page must be a whole number from 1 to 1000000',
  invalidLimit: (max: number) => `Limit must be a whole number from 1 to ${max}`,
  invalidSortBy: 'Unknown sort field',
  invalidSortOrder: 'Sort order must be asc or desc',
  searchTooLong: 'Search must not exceed 100 characters',
  invalidText: 'Text contains characters that are not allowed',
  invalidInput: 'Invalid input',

  // API answers
  invalidCredentials: 'Invalid credentials',
  tooManyLoginAttempts: 'Too many failed sign-in attempts. Please try again later.',
  tooManyRegistrations: 'Too many sign-up attempts. Please try again later.',
  tooManyPasswordAttempts: 'Too many wrong current passwords. Please try again later.',
  // The password hashing queue is full, or a service the request needs did not answer in time.
  serverBusy: 'The server is busy. Please try again in a moment.',
  // An email with invisible characters or letters of two alphabets (a look-alike of another address).
  emailConfusable: 'Email must not contain invisible characters or mix alphabets',
  emailTaken: 'Email is already registered',
  currentPasswordIncorrect: 'Current password is incorrect',
  authRequired: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  forbidden: 'You do not have permission to do this',
  routeNotFound: 'Route not found',
  userNotFound: 'User not found',
  storeNotFound: 'Store not found',
  ratingNotFound: 'Rating not found',
  replyNotFound: 'Reply not found',
  ownerMustBeStoreOwner: 'The selected owner is not a store owner',
  cannotRateOwnStore: 'You cannot rate your own store',
  lastAdmin: 'The last system administrator cannot be removed or demoted',
  cannotRemoveSelf: 'You cannot delete your own account or remove your own administrator role',
  userOwnsStores: 'This user still owns stores. Reassign or delete their stores first.',
  bodyTooLarge: 'Request body is too large',
  malformedJson: 'Request body is not valid JSON',
  unsupportedMediaType: 'Content type must be application/json',
  internalError: 'Internal server error',
  serviceUnavailable: 'Service is shutting down or unavailable',

  // spec §8: failure toasts
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  profileUpdateFailed: 'Failed to update profile',
  passwordUpdateFailed: 'Failed to update password',
  fetchStoresFailed: 'Failed to fetch stores',
  fetchStoreDetailsFailed: 'Failed to fetch store details',
  fetchDashboardFailed: 'Failed to fetch dashboard data',
  fetchUsersFailed: 'Failed to fetch users',
  submitRatingFailed: 'Failed to submit rating',
  deleteRatingFailed: 'Failed to delete rating',
  saveReplyFailed: 'Failed to save reply',
  deleteReplyFailed: 'Failed to delete reply',
  updateUserFailed: 'Failed to update user',
  createUserFailed: 'Failed to create user',
  fetchUserDetailsFailed: 'Failed to fetch user details',
  deleteUserFailed: 'Failed to delete user',
  saveStoreFailed: 'Failed to save store',
  deleteStoreFailed: 'Failed to delete store',
  // ours (the spec names no text): a call answered 401 mid-session, so the shell signed the user out
  sessionEnded: 'Your session has ended. Please sign in again.',

  // spec §8: success toasts
  loggedOut: 'Logged out successfully',
  profileUpdated: 'Profile updated successfully!',
  passwordUpdated: 'Password updated successfully!',
  ratingSubmitted: 'Rating submitted successfully!',
  ratingUpdated: 'Rating updated successfully!',
  ratingDeleted: 'Rating deleted successfully!',
  replyPosted: 'Reply posted successfully!',
  replyUpdated: 'Reply updated successfully!',
  replyDeleted: 'Reply deleted successfully!',
  userCreated: 'User created successfully!',
  userUpdated: 'User updated successfully!',
  userDeleted: 'User deleted successfully!',
  storeCreated: 'Store created successfully!',
  storeUpdated: 'Store updated successfully!',
  storeDeleted: 'Store deleted successfully!',
  loginSucceeded: 'Login successful',
  // Lists are bounded (LIST_WINDOW): the API's refusal of a deeper page, and the hint under a list that has more.
  listWindow: 'Only the first 1,000 results can be browsed. Search or filter to narrow the list.',
  registrationSucceeded: 'Registration successful',
} as const;

export const welcomeBackMessage = (name: string) => `Welcome back, ${name}!`;
export const welcomeNewUserMessage = (name: string) => `Welcome to Store Ratings, ${name}!`;
export const comingSoonMessage = (feature: string) => `${feature} feature coming soon!`;
