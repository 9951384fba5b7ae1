export default function Settings() {
  return (
    <main className="page" id="main">
      <h1>Settings</h1>
    </main>
  );
}
