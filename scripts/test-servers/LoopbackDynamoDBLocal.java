// Starts DynamoDB Local listening on 127.0.0.1 only.
//
// DynamoDB Local has no host flag: its Jetty server listens on every interface. This launcher
// builds the server exactly as DynamoDBLocal.jar's own main does (same command-line flags),
// then pins each Jetty connector to the loopback address before starting it, so the test
// server is never reachable from another machine.

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

public final class LoopbackDynamoDBLocal {
    private static final String LOOPBACK = "127.0.0.1";

    public static void main(String[] args) throws Exception {
        DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
        Server jetty = jettyOf(proxy);
        Connector[] connectors = jetty.getConnectors();
        if (connectors.length == 0) {
            throw new IllegalStateException("DynamoDB Local built a server without connectors");
        }
        for (Connector connector : connectors) {
            ((ServerConnector) connector).setHost(LOOPBACK);
        }
        proxy.start();
        proxy.join();
    }

    // The Jetty server is a private field of DynamoDBProxyServer; DynamoDB Local offers no
    // other way to choose the bind address.
    private static Server jettyOf(DynamoDBProxyServer proxy) throws ReflectiveOperationException {
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        return (Server) field.get(proxy);
    }
}
