/** User-facing texts of spec section 8, spelled exactly as the spec spells them (typos are the contract). */
export const MSG = {
  variousErrors: 'Various errors',
  unexpectedResponse: 'Unexpected API response',
  whoopsGeneric: 'Whoops something happened',
  unknownError: (status: number) => `${status}: Unknown error`,
  saveIdMismatch: 'Whoops someting unexpected happend while saving!',
  loginInternal: 'We have encountered an internal problem. Try again later please.',
  loginNoConnection: "Can't establish connection to server.",
  loginOther: 'Whoops someting happend!',
  autoLoggedOut: 'You have been automatically logged out.',
  forcedLogout: 'Automaticaly logged out',
  customerNotFound: 'Customer not found!',
  resetLinkSent: 'A reset link was sent to your email!',
  savedSuccessfully: 'Saved succesfully!',
  connectionLost: 'Check your internet connection',
  domainSwitched: (from: string, to: string) => `Domain ${from} no longer available, switching to ${to}`,
} as const;
