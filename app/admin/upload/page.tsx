import { AdminScreen } from '@/components/admin/admin-screen';

/** SPEC §2: /admin/upload shows the same panel as /admin. */
export default function AdminUploadPage() {
  return <AdminScreen />;
}
