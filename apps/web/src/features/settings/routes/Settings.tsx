import { useHolds, useMe } from '../../auth/api/auth.ts';
import { SsoSection } from '../../sso/components/SsoSection.tsx';
import { AccountForm } from '../components/AccountForm.tsx';
import { ActivitySection } from '../components/ActivitySection.tsx';
import { BrandingForm } from '../components/BrandingForm.tsx';
import { MembersSection } from '../components/MembersSection.tsx';
import { NotificationsSection } from '../components/NotificationsSection.tsx';
import { PasskeysSection } from '../components/PasskeysSection.tsx';
import { RetentionForm } from '../components/RetentionForm.tsx';

export default function Settings() {
  const me = useMe();
  const canAdminister = useHolds('account:admin');

  return (
    <main className="page" id="main">
      <h1>Settings</h1>
      <AccountForm canAdminister={canAdminister} />

      <BrandingForm canAdminister={canAdminister} />

      <RetentionForm canAdminister={canAdminister} />

      <NotificationsSection />

      <PasskeysSection />

      <MembersSection canAdminister={canAdminister} myMemberId={me.data?.member?.memberId} />

      <SsoSection isOwner={canAdminister} />

      <ActivitySection isOwner={canAdminister} />
    </main>
  );
}
