import { InvitationForm } from '@/components/admin/staff/invitation-form';

/** A new member of staff follows the owner's invitation link here to choose a password (issue 36). */
export default function InvitationPage() {
  return <InvitationForm />;
}
