import { AdminScreen } from '@/components/admin/admin-screen';

export default function AdminPage() {
  return <AdminScreen />;
}
