import { AdminScreen } from '@/components/admin/admin-screen';

export default function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <AdminScreen searchParams={searchParams} />;
}
