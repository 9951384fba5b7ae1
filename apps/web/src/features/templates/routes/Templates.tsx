export default function Templates() {
  return (
    <main className="page" id="main">
      <h1>Templates</h1>
    </main>
  );
}
