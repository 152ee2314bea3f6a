/**
 * Every message a user can see from the server, in one place. The texts marked (spec) are
 * product-spec.md's own words and must not change: clients match on them. The web translates
 * a message by looking up its key here (see `messageKey`).
 */
export const MESSAGES = {
  // product-spec.md section 5 (spec)
  addressEmpty: 'Address cannot be empty.',
  financePasswordEmpty: 'Finance password cannot be empty.',
  amountNotPositive: 'Amount must be more than zero.',
  amountAboveBalance: 'Amount is bigger than your available balance.',
  nameRequired: 'Name is required.',
  surnameRequired: 'Surname is required.',
  phoneRequired: 'Phone number is required.',
  passwordsMismatch: 'Passwords does not match.',
  invalidEmail: 'Invalid email.',
  invalidPromocode: 'Invalid promocode.',
  promocodeNotExists: 'Promocode not exists.',
  emailExists: 'Email is already exists.',
  phoneExists: 'Phone is already exists.',
  noSuchEmail: 'There is no such email.',
  bonusCapReached: 'Bonuses cannot exceed X5 of the selected tariff cost.',
  tariffAlreadyPurchased: "You cannot purchase this tariff. It's already purchased.",
  invalidCredentials: 'Invalid username/password pair.',
  accountBlocked: 'Your account is blocked. Contact support.',
  checkFilling: 'Check the correctness of filling. Please, fill all necessary fields.',
  invalidCode: 'Invalid confirmation code.',
  // product-spec.md section 8 (spec)
  somethingWentWrong: 'Something went wrong, try again later.',
  insufficientFunds: 'Insufficient funds on the internal balance.',
  insufficientFundsShort: 'Insufficient funds',
  failedToSave: 'Failed to save',
  unableToSave: 'Unable to save',
  serverError: 'Server error',
  emailNotChanged: 'Email has not been changed.',
  emailChangeMailFailed: 'Error sending email to change email',
  emailDoesNotExist: "Email doesn't exist",
  // this project's own
  fieldRequired: 'This field is required.',
  invalidValue: 'Enter a valid value.',
  unknownField: 'This field cannot be set.',
  tooLong: 'Ensure this field has no more than {max} characters.',
  searchTooShort: 'Enter at least {min} characters to search.',
  malformedJson: 'Malformed JSON.',
  usernameExists: 'Username is already exists.',
  usernameInvalid: 'Username may contain 3 to 30 letters, digits, dots, dashes and underscores.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordInvalid: 'Invalid password.',
  financePasswordTooShort: 'Finance password must be at least 6 characters.',
  phoneInvalid: 'Enter a valid phone number.',
  countryInvalid: 'Select a valid country.',
  languageInvalid: 'Select a valid language.',
  codeFormat: 'Enter the 6-digit code.',
  codeOrRecoveryFormat: 'Enter the 6-digit code or a recovery code.',
  mfaAlreadyEnabled: 'Two-factor authentication is already enabled.',
  mfaNotEnabled: 'Two-factor authentication is not enabled.',
  mfaNotSetUp: 'Start the two-factor setup first.',
  emailSame: 'This is already your email.',
  linkInvalid: 'This link is invalid or has expired.',
  avatarType: 'Upload a JPEG, PNG or WebP image.',
  avatarSize: 'The image must not exceed {max} MB.',
  avatarMissing: 'Choose an image to upload.',
  kycFileMissing: 'Choose a file to upload.',
  kycFileType: 'Upload a JPEG, PNG or WebP image, or a PDF.',
  kycFileSize: 'The file must not exceed {max} MB.',
  kycAlreadyVerified: 'Your identity is already verified.',
  notAuthenticated: 'Authentication credentials were not provided or have expired.',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  tooManyAttempts: 'Too many attempts. Try again later.',
  tooManyRegistrations:
    'Too many accounts have been registered from this network in the last hour. Please try again later.',
  payloadTooLarge: 'The request is too large.',
  requestTooDeep: 'The request is nested too deeply.',
  unsupportedMediaType: 'Unsupported media type.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request.',
  textInvalid: 'This field contains characters that are not allowed.',
  dateOutOfRange: 'Enter a date between {min} and {max}.',
  monthInvalid: 'Enter a valid month (YYYY-MM).',
  monthOutOfRange: 'Enter a month between {min} and {max}.',
  pageOutOfRange: 'Enter a page number from 1 to {max}.',
  cannotBlockSuperuser: 'A superuser cannot be blocked.',
  companyRootNoRoles: 'The company root account cannot have operator roles.',
  fraudSignalNotFound: 'Fraud signal not found.',
  fraudSignalConfirmedAlready: 'This signal is already confirmed.',
  fraudSignalDismissedAlready: 'This signal is already dismissed.',
  maintenance: 'The portal is under maintenance. Money cannot be moved right now; please try again later.',
  // API keys (profile)
  apiKeyNameRequired: 'Enter a name for the API key.',
  apiKeysLimit: 'You can have at most {max} active API keys. Revoke one to create another.',
  apiKeyNotFound: 'API key not found.',
  apiKeyReadOnly:
    'An API key can only read balances, transactions and team data. Sign in to the portal to do this.',
  // promo codes
  promocodeNeedsTariff: 'Promo codes can be created by partners with an Active tariff.',
  personalPromocodeExists: 'You already have a personal promo code.',
  personalPromocodeDiscount: 'A personal promo code gives a 10% discount.',
  // wallet
  currencyInvalid: 'Select a valid currency.',
  networkInvalid: 'Select a valid network.',
  networkNotForCurrency: 'This currency cannot be withdrawn on this network.',
  purposeInvalid: 'Select a valid purpose.',
  dateInvalid: 'Enter a valid date (YYYY-MM-DD).',
  dateRangeInvalid: 'The end date is before the start date.',
  settingWindowInvalid:
    'Enter a window as MM-DDTHH:MM/MM-DDTHH:MM (UTC, every year), two ISO times joined by /, or off.',
  settingWholeInvalid: 'Enter a whole number from {lowest} to {highest}.',
  settingRateInvalid: 'Enter a rate above zero with at most 8 decimal places, at most 1000000.',
  settingAmountInvalid: 'Enter an amount with at most {places} decimal places.',
  settingLimitsInvalid: 'The minimum withdrawal cannot be above the maximum.',
  settingUnchanged: 'The setting already has this value.',
  reportTooManyDays: 'A report by day spans at most 366 days: choose weeks or months.',
  addressInvalid: 'Enter a valid BEP-20 or TRC-20 address.',
  addressWrongNetwork: 'This address is not a {network} address.',
  orderNotFound: 'Order not found.',
  invoiceNotFound: 'Invoice not found.',
  financePasswordNotSet: 'Set a finance password in your profile first.',
  financePasswordInvalid: 'Invalid finance password.',
  codeRequired: 'Enter the code from your authenticator app.',
  amountBelowMinimum: 'The minimum amount is {min} {currency}.',
  amountAboveMaximum: 'The maximum amount is {max} {currency}.',
  amountTooManyDecimals: 'Use at most {places} decimal places.',
  nothingToTransfer: 'There is no unlocked DFT to transfer yet.',
  withdrawalNotPending: 'This withdrawal is no longer pending.',
  withdrawalNotApproved: 'Only an approved withdrawal can be marked as sent.',
  txHashInvalid: 'Enter a valid transaction hash.',
  // card top-up
  cardDataRefused: "Card details are typed on the card provider's page, never sent to the portal.",
  cardPaymentNotFound: 'Card payment not found.',
  webhookSignatureInvalid: 'The webhook signature is missing or wrong.',
  webhookStale: 'The webhook was signed too long ago: a replay is refused.',
  cardAmountBelowMinimum: 'The minimum top-up is {min} USDT.',
  cardAmountAboveMaximum: 'The maximum top-up is {max} USDT.',
  cardKycRequired: 'A top-up above {limit} USDT needs a verified identity (KYC).',
  cardCountryNotAllowed: 'Cards issued in this country are not accepted.',
  cardDailyAttempts: 'This card has reached its {limit} attempts for today.',
  cardMonthlyAttempts: 'This card has reached its {limit} attempts for this month.',
  cardDeclined: 'The card was declined by the bank.',
  cardInsufficientFunds:
    'The card was declined: not enough funds on it. Try a smaller amount or another card.',
  cardProviderUnavailable: 'The card payment service is unavailable. Please try again later.',
  depositsUnavailable: 'Deposits are unavailable. Please try again later.',
  withdrawalDebtOpen:
    'Withdrawals are paused while you owe {amount} USDT from reversed bonuses. Your next bonuses repay it first.',
  // shop
  productNotFound: 'Product not found.',
  soldOut: 'Sold out.',
  orderPaymentError: 'Order payment error.',
  orderQuantityRange: 'Enter a quantity from 1 to {max}.',
  orderProductNotDevice: 'Only a device can be ordered for shipping.',
  orderNotAwaitingPayment: 'This order is not waiting for payment.',
  orderAddressLocked: 'The shipping address cannot be changed once the order is in transit.',
  orderClosed: 'This order is closed.',
  orderNotPaid: 'This order is not paid yet.',
  orderStatusNotNext: 'This order cannot move to that status.',
  orderNoShippingAddress: 'The order has no shipping address yet.',
  orderRefundedAlready: 'This order was refunded already.',
  bonusAuditRunning: 'A bonus audit is running already. Wait for it to finish.',
  // shop: virtual nodes, token packs, offers (modules/products)
  virtualNodeNotFound: 'Virtual node not found.',
  notAVirtualNode: 'This product is not a virtual node.',
  nodeAlreadyUpgraded: 'This virtual node has already been upgraded.',
  upgradeNotHigher: 'A virtual node can only be upgraded to a higher tier.',
  notATokenPack: 'This product is not a token pack.',
  quoteExpired: 'The price quote has expired. Get a new quote and try again.',
  unitsOutOfRange: 'Enter a number of units from 1 to 100.',
  notSoldByUnit: 'This product cannot be bought by the unit. Use {call}.',
  // shop: tariffs (modules/tariffs)
  notATariff: 'This product is not a tariff.',
  mentorNotConfirmed: 'Confirm your mentor to buy a tariff.',
  termsNotAccepted: 'Accept the terms to buy a tariff.',
  purchaseRequestNotFound: 'Purchase request not found.',
  purchaseRequestExpired: 'This purchase request has expired. Make a new one.',
  purchaseRequestUsed: 'This purchase request has already been paid.',
  purchaseRequestStale: 'Your tariff has changed since this request. Make a new one.',
  invalidBinarySide: 'Choose the left or the right side.',
  mentorFixed: 'The mentor cannot be changed after the first paid tariff.',
  mentorNotFound: 'Mentor not found.',
  mentorInvalid: 'This partner cannot be the mentor: it would make a loop in the structure.',
  // shop: the admin catalogue
  priceScheduleInvalid:
    'Enter the price schedule as a list of steps, each with "before" (a date and time with its zone, each date once) and "price".',
  amountRangeInvalid: 'The minimum amount must not be above the maximum.',
  // shop: event tickets and gift certificates (modules/tickets, modules/gift-certificates)
  ticketQuantityRange: 'Enter a number of tickets from 1 to {max}.',
  ticketsLeft: 'Only {left} tickets are left.',
  giftCodeInvalid: 'Invalid gift certificate code.',
  giftCodeUsed: 'This gift certificate has already been activated.',
  giftCodeExpired: 'This gift certificate has expired.',
  // shop: validator keys (modules/validator-keys)
  validatorKeyNoneAvailable:
    'No validator key is available to you: each tariff that includes a node allows one key.',
  validatorKeyNotFound: 'Validator key not found.',
  validatorKeyNotAwaitingPayment: 'This validator key is not waiting for payment.',
  validatorKeyNotPaid: 'This validator key is not paid, or is already activated.',
  validatorKeyCodeShown: 'The activation code of this key was already shown.',
  validatorKeyInvalidCode: 'Invalid activation code.',
  validatorKeyAlreadyActivated: 'This validator key is already activated.',
  validatorKeyActivationExpired:
    'The 24 hours to activate this key have passed: the slot was released and the payment returned to your balance.',
} as const;

export type TMessageKey = keyof typeof MESSAGES;

/** Fills `{name}` placeholders of a message. */
export function formatMessage(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every message as a pattern: placeholders match any text and are captured by name. */
const PATTERNS = Object.entries(MESSAGES).map(([key, message]) => {
  const names: string[] = [];
  const source = message
    .split(/(\{\w+\})/)
    .map((part) => {
      const placeholder = /^\{(\w+)\}$/.exec(part);
      if (!placeholder) return escapeRegExp(part);
      names.push(placeholder[1]!);
      return '(.+?)';
    })
    .join('');
  return { key: key as TMessageKey, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * The catalogue key of a server message and the values filled into it, so that the interface
 * can show it in the reader's language; undefined for a text the catalogue does not hold.
 */
export function matchMessage(
  message: string,
): { key: TMessageKey; values: Record<string, string> } | undefined {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (match)
      return { key, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
  }
  return undefined;
}
