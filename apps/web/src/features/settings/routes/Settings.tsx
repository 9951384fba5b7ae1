import { useMe } from '../../auth/api/auth.ts';
import { AccountForm } from '../components/AccountForm.tsx';
import { BrandingForm } from '../components/BrandingForm.tsx';
import { MembersSection } from '../components/MembersSection.tsx';
import { PasskeysSection } from '../components/PasskeysSection.tsx';
import { RetentionForm } from '../components/RetentionForm.tsx';

export default function Settings() {
  const me = useMe();
  const isOwner = me.data?.member?.role === 'owner';

  return (
    <main className="page" id="main">
      <h1>Settings</h1>
      <AccountForm isOwner={isOwner} />

      <BrandingForm isOwner={isOwner} />

      <RetentionForm isOwner={isOwner} />

      <PasskeysSection />

      <MembersSection isOwner={isOwner} myMemberId={me.data?.member?.memberId} />
    </main>
  );
}
