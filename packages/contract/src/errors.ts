/**
 * Stable error codes carried by failed responses (`code` in the envelope). Each code is a
 * catalogue key (packages/i18n) whose English text is the spec's verbatim message (spec §8 Error
 * catalogue, §5 Validation rules); the web shows the catalogue text in the user's language and the
 * server writes the same text, in the request's language, into `description`.
 */
export const ErrorCode = {
  Generic: 'errors.generic',
  SessionExpired: 'errors.sessionExpired',
  ExpiredSession: 'errors.expiredSession',
  SessionTokenNotFound: 'errors.sessionTokenNotFound',
  UnableToValidate: 'errors.unableToValidate',
  InvalidCredentials: 'errors.invalidCredentials',
  WebLoginNotAllowed: 'errors.webLoginNotAllowed',
  AdminUseAdminLogin: 'errors.adminUseAdminLogin',
  NotAnAdmin: 'errors.notAnAdmin',
  CsrfMissing: 'errors.csrfMissing',
  SecurityToken: 'errors.securityToken',
  LocateFailed: 'errors.locateFailed',
  EmailNotProcessable: 'errors.emailNotProcessable',
  NoServer: 'errors.noServer',
  /** 'Error connecting to server: code {status} {text}' (spec §8): an unexpected answer of the login-server lookup. */
  ConnectError: 'errors.connectError',
  /** 'Error retrieving Branches for Map' (spec §8): the map's branches could not be read. */
  RetrievingBranchesForMap: 'errors.retrievingBranchesForMap',
  RateLimited: 'errors.rateLimited',
  Forbidden: 'errors.forbidden',
  NotFound: 'errors.notFound',
  BadRequest: 'errors.badRequest',
  RetrievingBranchOffices: 'errors.retrievingBranchOffices',
  RetrievingOrganizations: 'errors.retrievingOrganizations',
  UpdatingUserProperties: 'errors.updatingUserProperties',
  UpdatingUserProfile: 'errors.updatingUserProfile',
  NewPasswordConfirmation: 'errors.newPasswordConfirmation',
  OldPasswordWrong: 'errors.oldPasswordWrong',
  EmailReadOnly: 'errors.emailReadOnly',
  ForgotPasswordSent: 'messages.forgotPasswordSent',
  MobileLoginNotAllowed: 'errors.mobileLoginNotAllowed',
  InvalidPin: 'errors.invalidPin',
  OutsideGeofence: 'errors.outsideGeofence',
  AlarmNotFound: 'errors.alarmNotFound',
  PasswordChangeRequired: 'errors.passwordChangeRequired',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Validation message keys (spec §5 form messages). `{{length}}` is filled in by the catalogue. */
export const ValidationKey = {
  Required: 'validation.required',
  Formatted: 'validation.formatted',
  Max: 'validation.max',
  Min: 'validation.min',
  Email: 'validation.email',
  Alphanumeric: 'validation.alphanumeric',
  LoginEmailRequired: 'validation.loginEmailRequired',
  LoginEmailInvalid: 'validation.loginEmailInvalid',
  LoginPasswordRequired: 'validation.loginPasswordRequired',
  PasswordMin: 'validation.passwordMin',
  FirstNameRequired: 'validation.firstNameRequired',
  SurnameRequired: 'validation.surnameRequired',
  OldPasswordRequired: 'validation.oldPasswordRequired',
  NewPasswordRequired: 'validation.newPasswordRequired',
  ConfirmPasswordRequired: 'validation.confirmPasswordRequired',
  DateFormat: 'validation.dateFormat',
  DateRangeOrder: 'validation.dateRangeOrder',
  PinFormat: 'validation.pinFormat',
} as const;
