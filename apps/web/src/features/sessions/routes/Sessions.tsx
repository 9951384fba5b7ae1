export default function Sessions() {
  return (
    <main className="page" id="main">
      <h1>Sessions</h1>
    </main>
  );
}
