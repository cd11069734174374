export default function ProfilePage() {
  return (
    <main className="page">
      <h1>ProfilePage</h1>
    </main>
  );
}
