import { lazy } from 'react';
import { useSearchParams } from 'react-router';

const InviteAccountScreen = lazy(() => import('../features/clients/InviteAccountScreen.tsx'));
const ReferralSignupScreen = lazy(() => import('../features/partners/ReferralSignupScreen.tsx'));

/**
 * /invite (guest): an account invitation (?token=, the clients feature) or a partner's referral link (?ref=, the
 * partners feature). The choice lives here, in the composition, because console features never import each other.
 */
export default function InviteRoute() {
  const [params] = useSearchParams();
  return params.has('ref') && !params.has('token') ? <ReferralSignupScreen /> : <InviteAccountScreen />;
}
